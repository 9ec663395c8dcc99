/** The shared plain JSON mapper. */
package io.asrwb.engine.json;
