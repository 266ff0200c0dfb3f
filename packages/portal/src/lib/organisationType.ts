import { ORGANISATION_TYPE } from '@portal/domain';

export type OrganisationTypeKey = `common:organisationType.${'school' | 'kmz' | 'zfsl' | 'other'}`;

/**
 * How the portal names an organisation's type (language guide: Schule, Kreismedienzentrum, ZfsL). Type 2 is a
 * school with or without school number (the number makes its members MSB users, not the organisation less a
 * school); types the spec does not name are just 'Organisation'.
 */
export function organisationTypeKey(organisationType: number): OrganisationTypeKey {
  switch (organisationType) {
    case ORGANISATION_TYPE.school:
      return 'common:organisationType.school';
    case ORGANISATION_TYPE.kmz:
      return 'common:organisationType.kmz';
    case ORGANISATION_TYPE.zfsl:
      return 'common:organisationType.zfsl';
    default:
      return 'common:organisationType.other';
  }
}
