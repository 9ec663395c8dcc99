/** Learning-rate schedules as pure functions of the step, so a resumed run continues exactly. */
package io.asrwb.engine.train.schedule;
