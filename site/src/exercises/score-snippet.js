// The copy-paste HTML that shows a running score on a course page embedding
// Atlas sections: it listens for the { type: EXERCISE_MESSAGE, section,
// exercise, correct, attempts, score, total } messages each embed posts
// (./messages.js) and trusts one only if it comes from one of the page's Atlas
// frames (event.source, as the height script does: a sandboxed frame's origin
// is "null"). It keeps each section's latest score and writes the sum as text.
// Used by README "Assign a section" and site/examples/course-page.html (the build).
import { EXERCISE_MESSAGE } from './messages.js';

export function scoreSnippet() {
  return `<p id="atlas-score" aria-live="polite">Attention Atlas exercises: none answered yet.</p>
<script>
  // Attention Atlas: a running score from the embedded sections' answers. Trust a
  // message only from one of the Atlas frames on this page (event.source).
  (function () {
    var out = document.getElementById('atlas-score');
    var sections = {};
    window.addEventListener('message', function (event) {
      var msg = event.data;
      if (!msg || msg.type !== '${EXERCISE_MESSAGE}') return;
      var frames = document.querySelectorAll('iframe[id^="atlas-"]');
      var fromAtlas = Array.prototype.some.call(frames, function (f) { return f.contentWindow === event.source; });
      var score = Number(msg.score), total = Number(msg.total);
      if (!fromAtlas || !(total > 0 && total < 1000 && score >= 0 && score <= total)) return;
      sections[String(msg.section)] = { score: score, total: total };
      var right = 0, all = 0;
      for (var id in sections) { right += sections[id].score; all += sections[id].total; }
      out.textContent = 'Attention Atlas exercises: ' + right + ' of ' + all + ' answered right.';
    });
  })();
</script>`;
}
