// A section's parts that hold form controls (its controls, buttons, a figure with a
// close button) are written in its partial as <template data-live>: inert until the
// section starts. Chrome looks at every form control of the page when it finishes
// parsing (autofill) and lays out, one by one, each content-visibility section that
// holds one, which made the whole article's layout one long task at load (1.4-1.9 s
// at a phone's 4x slower CPU; without controls in the unstarted sections, 0.09 s).
// Without script the controls would do nothing, so they are not shown.
//   mountLiveParts(section)   put them in place (before the section binds its controls)
export function mountLiveParts(root) {
  root.querySelectorAll('template[data-live]').forEach((t) => t.replaceWith(t.content));
}
