/** Audio files of any length to text in bounded memory: streamed, windowed, stitched at the seams. */
package io.asrwb.engine.transcribe;
