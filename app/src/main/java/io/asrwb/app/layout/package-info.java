/** Small layout rules shared by the views so that nothing is drawn cut in a 1024×640 window. */
package io.asrwb.app.layout;
