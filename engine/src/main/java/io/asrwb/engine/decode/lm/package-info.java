/** Word n-gram language models (ARPA format) that the beam search decoder consults at word ends. */
package io.asrwb.engine.decode.lm;
