// addScript({ file, global, id }, base) -> Promise of window[global], which the
// classic script `file` defines. The script is taken, in this order:
//   - from an inert <script type="text/plain" id="<id>"> block (the single file,
//     site/build-single.mjs, which can fetch nothing): its text runs as an
//     inline script as it is added;
//   - as the file beside the page's scripts (`base`: the URL of the script that
//     asks), added as a classic <script> element, which works over http, from
//     file:// and under the strict Content-Security-Policy (script-src 'self').
// Used by the core loader for the engines (./core-loader.js) and by app.js for
// the Practice bundle (./exercises/lazy.js).
export function addScript({ file, global, id }, base) {
  return new Promise((resolve, reject) => {
    const defined = () => (window[global] ? resolve(window[global]) : reject(new Error(`${file} did not define ${global}`)));
    const script = document.createElement('script');
    const block = document.getElementById(id);
    if (block) {
      script.textContent = block.textContent; // runs as it is added, as the folder's file would on load
      document.head.append(script);
      defined();
      return;
    }
    script.src = new URL(file, base).href;
    script.onload = defined;
    script.onerror = () => reject(new Error(`${file} could not be loaded; it must sit beside index.html`));
    document.head.append(script);
  });
}

// The URL of the script running now (its top level), for addScript's base.
export const currentScriptBase = () => (document.currentScript ? document.currentScript.src : document.baseURI);
