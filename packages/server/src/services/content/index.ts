/**
 * Content: the Mediathek's items (content.ts reads, contentWrite.ts writes, sharing.ts), their stored files
 * (files.ts, the multipart uploads of uploads.ts and uploadTargets.ts, storageQuota.ts) and the signed URLs they are
 * fetched by (mediaLinks.ts, signedUrls.ts). configurationItems.ts is what a change of content does to the playlists
 * that hold it; playlists build on content, so it lives here, below them.
 */
export { markConfigurationsChanged, removeContentFromConfigurations } from './configurationItems.ts';
export { findVisibleContent, findVisibleContents, listContent } from './content.ts';
export {
  changeShares,
  createContent,
  deleteContent,
  listCategories,
  listLanguages,
  updateContent,
} from './contentWrite.ts';
export { deleteStoredFile, type MultipartBody, mayFetchStoredFile, storeUploadedFile } from './files.ts';
export { MediaLinks, type SignedFileQuery } from './mediaLinks.ts';
export {
  contentPublication,
  decidePublicationRequest,
  listPublicationRequests,
  type PublicationNotice,
  requestPublication,
  withdrawPublication,
} from './publication.ts';
export {
  checkShareRequest,
  organisationSubjects,
  type ShareAction,
  type ShareTable,
  writeShares,
} from './sharing.ts';
export { loadUrlSigningSecret } from './signedUrls.ts';
export { parseContentDigest, UploadService } from './uploads.ts';
export {
  abortUpload,
  completeUpload,
  contentFileTarget,
  type FileTarget,
  startUpload,
  uploadPartUrl,
} from './uploadTargets.ts';
