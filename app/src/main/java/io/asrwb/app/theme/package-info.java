/** Dark and light themes over shared colour tokens, and the remembered choice. */
package io.asrwb.app.theme;
