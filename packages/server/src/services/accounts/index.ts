/**
 * Accounts: users and their profile, sign-in (sessions, tokens, social login), the throttles of sign-in and of every
 * other guessable secret (throttle.ts, loginThrottle.ts), password reset and the mailed links it shares with
 * invitations, organisations and their members.
 */
export {
  addOrganisationAdministrator,
  adminOrganisation,
  createAdminOrganisation,
  listAdminOrganisations,
  listAdminUsers,
  lockAccount,
  resendAdminInvitation,
  updateAdminOrganisation,
} from './administration.ts';
export {
  acceptInvitation,
  invitationDetails,
  inviteMember,
  listInvitations,
  withdrawInvitation,
} from './invitations.ts';
export { mailLinkOrigin, newLinkToken } from './mailedLinks.ts';
export {
  listOrganisationSummaries,
  publishTerms,
  publishTosVersion,
  removeMember,
  renameOrganisation,
  setAdministrator,
} from './organisations.ts';
export { requestResetMail, resetPassword } from './passwordReset.ts';
export { changeProfile, deleteAccount } from './profile.ts';
export { refreshSession, signIn, signOut } from './sessions.ts';
export { SOCIAL_PROVIDER_ID, SocialLogin } from './social.ts';
export {
  enrolAddressRule,
  enrolCodeKey,
  enrolCodeRule,
  forgetCounters,
  Throttle,
  waitBefore,
} from './throttle.ts';
export { loadSigningSecret, TokenService } from './tokens.ts';
export { acceptCurrentTos, currentLegalDocuments, currentTerms, currentUser } from './users.ts';
