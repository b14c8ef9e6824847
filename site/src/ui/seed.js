// A fresh seed for "New weights" buttons: any integer the core accepts (0..2^32-1).
export function newSeed() {
  return Math.floor(Math.random() * 0x100000000);
}
