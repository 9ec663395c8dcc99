/**
 * "Fine-tune on these takes": the recorded dataset's held-out takes set aside, the chosen model
 * fine-tuned on the rest, and base and fine-tuned model compared on the held-out takes (A/B).
 */
package io.asrwb.app.finetune;
