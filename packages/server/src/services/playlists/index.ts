/** Playlists (Wiedergabelisten, `configurations` in the contract): their items, shares and the headsets they run on. */
export {
  activateConfiguration,
  addConfigurationContent,
  changeConfigurationShares,
  configurationView,
  createConfiguration,
  deleteConfiguration,
  duplicateConfiguration,
  getConfiguration,
  listAvailableConfigurations,
  listConfigurations,
  moveConfigurationContent,
  removeConfigurationContent,
  renameConfiguration,
  updateConfiguration,
} from './configurations.ts';
