/**
 * Support: the operating system images portal staff publish for the headsets (operatingSystems.ts), and what the
 * published ones mean for the fleet (publishedImages.ts: 'Software veraltet', the image an update installs).
 */
export {
  createOperatingSystem,
  deleteOperatingSystem,
  getOperatingSystem,
  listOperatingSystems,
  operatingSystemFileTarget,
  updateOperatingSystem,
} from './operatingSystems.ts';
export {
  headsetOperatingSystem,
  imageForUpdate,
  NEWER_OPERATING_SYSTEM_ID,
  NEWEST_OPERATING_SYSTEM,
  OUTDATED_SOFTWARE,
  type UpdateImageFacts,
} from './publishedImages.ts';
