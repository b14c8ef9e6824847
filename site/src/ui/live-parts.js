// A section's parts that hold form controls (its controls, buttons, a figure with a
// close button) are written in its partial as <template data-live>: inert until the
// section starts. When Chromium finishes parsing, its own code (no script of ours; by
// every sign the autofill scan of form controls) lays out, one by one, each
// content-visibility section that holds a form control: the whole article's layout in
// one long task at load (1.4-1.9 s at a phone's 4x slower CPU; 0.09 s without controls
// in the sections not started).
// Without script the controls would do nothing, so they are not shown.
//   mountLiveParts(section)   put them in place (before the section binds its controls)
export function mountLiveParts(root) {
  root.querySelectorAll('template[data-live]').forEach((t) => t.replaceWith(t.content));
}
