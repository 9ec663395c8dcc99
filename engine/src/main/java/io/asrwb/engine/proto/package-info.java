/** Protobuf messages written by field number with protobuf-java's wire encoder. */
package io.asrwb.engine.proto;
