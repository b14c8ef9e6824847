// Writes dist/attention-atlas-scorm12.zip: a SCORM 1.2 package for course
// platforms (Moodle, Canvas, Blackboard, Brightspace). It holds imsmanifest.xml
// (one organization, one item with its mastery score, one SCO resource) and
// the SCO, the single-file article (or one section of it), which talks to the
// LMS through site/src/exercises/scorm.js. Options (environment, README
// "Assign a section"): ATLAS_SCORM_SECTION=<id> packages that section alone,
// ATLAS_SCORM_MASTERY=<0..100> sets the mastery score (default 80).
// The manifest names the schema files it follows (IMS CP 1.1.2, ADL CP 1.2), as
// SCORM 1.2 packages do; the .xsd files themselves are not shipped (the
// platforms above import packages without them).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zip } from './build-zip.mjs';

export const SCORM_ZIP = 'attention-atlas-scorm12.zip';
export const SCO_FILE = 'attention-atlas.html';

const escapeXml = (text) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

export function manifest({ title, mastery, identifier }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="atlas-organization">
    <organization identifier="atlas-organization">
      <title>${escapeXml(title)}</title>
      <item identifier="atlas-item" identifierref="atlas-sco" isvisible="true">
        <title>${escapeXml(title)}</title>
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="atlas-sco" type="webcontent" adlcp:scormtype="sco" href="${SCO_FILE}">
      <file href="${SCO_FILE}"/>
    </resource>
  </resources>
</manifest>
`;
}

export function scormOptions(env = process.env) {
  const section = env.ATLAS_SCORM_SECTION || '';
  const mastery = env.ATLAS_SCORM_MASTERY === undefined || env.ATLAS_SCORM_MASTERY === '' ? 80 : Number(env.ATLAS_SCORM_MASTERY);
  if (!(Number.isInteger(mastery) && mastery >= 0 && mastery <= 100)) {
    throw new Error(`ATLAS_SCORM_MASTERY must be a whole number from 0 to 100, not "${env.ATLAS_SCORM_MASTERY}"`);
  }
  return { section, mastery };
}

// sco: the SCO's HTML (a single file); title: the package's title in the platform.
export async function writeScormPackage(dist, { sco, title, mastery, section }) {
  const identifier = section ? `attention-atlas-${section}` : 'attention-atlas';
  const archive = zip([
    { name: 'imsmanifest.xml', data: manifest({ title, mastery, identifier }) },
    { name: SCO_FILE, data: sco },
  ]);
  await writeFile(join(dist, SCORM_ZIP), archive);
  return join(dist, SCORM_ZIP);
}
