// One polite live region per document for keyboard readouts. Charts keep their
// visible readout lines (which may be linked: one key press can update seven
// panels), but only the chart the key was pressed in speaks, through here, so
// a screen reader hears one announcement per key press.
const REGION_ID = 'atlas-announcer';

export function announce(text) {
  let region = document.getElementById(REGION_ID);
  if (!region) {
    region = document.createElement('p');
    region.id = REGION_ID;
    region.className = 'visually-hidden';
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  region.textContent = text;
}
