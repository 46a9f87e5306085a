// The clock a person reads is their own: the screen and print mode show local time. Every test
// file starts in UTC so that what it expects does not depend on where it runs; a test about
// local time names its zones itself (test/support/zone.ts). Node reads TZ again when it is set.
process.env['TZ'] = 'UTC';
