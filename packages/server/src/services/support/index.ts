/** Support: the operating system images portal staff publish for the headsets. */
export {
  createOperatingSystem,
  deleteOperatingSystem,
  getOperatingSystem,
  listOperatingSystems,
  operatingSystemFileTarget,
  updateOperatingSystem,
} from './operatingSystems.ts';
