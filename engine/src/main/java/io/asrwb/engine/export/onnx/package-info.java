/**
 * A trained acoustic model written as a standard ONNX graph (opset 17) from our own weights, for
 * ONNX Runtime and other ONNX consumers.
 */
package io.asrwb.engine.export.onnx;
