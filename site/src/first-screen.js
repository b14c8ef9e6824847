// Whether the page opens at the top of the article: no #place in the address to
// scroll to, and not an embed (embed.html's section template). There the first
// screen shows section 1 at most, so the page starts on the first engine (section
// 1's functions). One rule for the core loader, which starts that download early
// (./core-loader.js), and the page, which asks for that core (./main.js).
export const opensAtTop = () => !location.hash && !document.getElementById('embed-sections');
