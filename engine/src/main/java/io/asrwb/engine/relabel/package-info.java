/** The re-label queue: clips whose transcript is probably wrong, ranked from every eval and alignment. */
package io.asrwb.engine.relabel;
