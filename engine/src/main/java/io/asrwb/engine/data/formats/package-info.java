/** One reader and one writer per dataset layout, plus the validation every import shares. */
package io.asrwb.engine.data.formats;
