export { Button, TextField, Select, Spinner } from './controls';
export type { TextFieldProps } from './controls';
export { Page, LoadingState, EmptyState, ErrorState, requireOnline } from './states';
export { showToast, showAlert, confirmDialog, OverlayHost } from './overlay';
export { ImageCodeField } from './ImageCodeField';
export { useFileUpload } from './useFileUpload';
export { PageNav } from './PageNav';
