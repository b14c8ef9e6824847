// Starts the page's practice once (site/src/main.js): inside a course platform's
// SCORM frame the progress moves to the LMS (./scorm.js), then the "Check
// yourself" part and the table of contents' marks are drawn (./check-yourself.js).
// Each section's cards come later, as the section starts (./mount.js).
import { exercises } from './index.js';
import { pageProgress } from './progress.js';
import { connectScorm } from './scorm.js';
import { mountCheckYourself } from './check-yourself.js';

export function startPractice(doc = document) {
  const onPage = exercises.filter((e) => doc.getElementById(e.section));
  const lms = connectScorm(pageProgress(), onPage);
  if (lms) pageProgress().useStorage(lms.storage);
  mountCheckYourself(doc);
}
