/**
 * The composition root: the main class, the window, its tabs and menus, built from every feature
 * package.
 */
package io.asrwb.app.workbench;
