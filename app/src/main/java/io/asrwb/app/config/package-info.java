/** The hyperparameters view: the run config as an editable, validated property sheet. */
package io.asrwb.app.config;
