// The package's whole public surface. The side-effect imports put the fonts and global styles into
// dist/index.css, which apps load once via '@portal/ui/styles.css'.
import './theme/fonts';
import './theme/global.css';

export { ActionBar, type ActionBarProps } from './ActionBar/ActionBar';
export { Alert, type AlertProps, type AlertTone, alertTones } from './Alert/Alert';
export { AppShell, type AppShellProps, NAVBAR_HEIGHT_PX } from './AppShell/AppShell';
export { Badge, type BadgeProps, type BadgeTone, badgeTones } from './Badge/Badge';
export { Box, type BoxProps } from './Box/Box';
export { Breadcrumb, type BreadcrumbItem, type BreadcrumbProps } from './Breadcrumb/Breadcrumb';
export { Button, type ButtonProps } from './Button/Button';
export { ButtonLink, type ButtonLinkProps } from './ButtonLink/ButtonLink';
export { Card, type CardElement, type CardProps } from './Card/Card';
export { Checkbox, type CheckboxProps } from './Checkbox/Checkbox';
export {
  Column,
  type ColumnProps,
  Columns,
  type ColumnsAlignY,
  type ColumnsCollapseBelow,
  type ColumnsProps,
  columnsAlignments,
  columnsCollapseBelow,
} from './Columns/Columns';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmDialogTone,
  confirmDialogTones,
} from './ConfirmDialog/ConfirmDialog';
export {
  ContentCard,
  type ContentCardElement,
  type ContentCardPlaceholderTone,
  type ContentCardProps,
  ContentCardSkeleton,
  type ContentCardSkeletonProps,
  type ContentCardTitleLevel,
  contentCardPlaceholderTones,
} from './ContentCard/ContentCard';
export {
  DataTable,
  type DataTableColumn,
  type DataTableNarrowLayout,
  type DataTableProps,
  type SortDirection,
  type SortState,
  type SortValue,
} from './DataTable/DataTable';
export {
  Dialog,
  type DialogActionsProps,
  type DialogCloseProps,
  type DialogContentProps,
  type DialogDescriptionProps,
  type DialogRootProps,
  type DialogSize,
  type DialogTitleProps,
  type DialogTriggerProps,
} from './Dialog/Dialog';
export { Drawer, type DrawerProps } from './Drawer/Drawer';
export { EmptyState, type EmptyStateProps } from './EmptyState/EmptyState';
export { FileDropzone, type FileDropzoneProps, type FileRejection } from './FileDropzone/FileDropzone';
export { FilterPanel, type FilterPanelProps } from './FilterPanel/FilterPanel';
export {
  FormField,
  type FormFieldControlProps,
  type FormFieldIds,
  type FormFieldLabelElement,
  type FormFieldProps,
} from './FormField/FormField';
export { Heading, type HeadingLevel, type HeadingProps } from './Heading/Heading';
export {
  HeadsetTile,
  HeadsetTileList,
  type HeadsetTileListProps,
  type HeadsetTilePlayback,
  type HeadsetTileProblem,
  type HeadsetTileProps,
  type HeadsetTileStatus,
  headsetTileStatuses,
} from './HeadsetTile/HeadsetTile';
export {
  IconButton,
  type IconButtonProps,
  type IconButtonVariant,
  iconButtonVariants,
} from './IconButton/IconButton';
export { Inline, type InlineAlign, type InlineAlignY, type InlineProps } from './Inline/Inline';
export { type KeyValueItem, KeyValueList, type KeyValueListProps } from './KeyValueList/KeyValueList';
export {
  type LinkComponent,
  type LinkComponentProps,
  LinkProvider,
  type LinkProviderProps,
  useLinkComponent,
} from './LinkProvider/LinkProvider';
export {
  Menu,
  type MenuContentProps,
  type MenuItemProps,
  type MenuItemTone,
  type MenuLabelProps,
  type MenuLinkItemProps,
  type MenuRootProps,
  type MenuSeparatorProps,
  type MenuTriggerProps,
} from './Menu/Menu';
export { NavLink, type NavLinkProps } from './NavLink/NavLink';
export { Pagination, type PaginationProps } from './Pagination/Pagination';
export { PasswordField, type PasswordFieldProps } from './PasswordField/PasswordField';
export {
  PlaybackBar,
  type PlaybackBarLabels,
  type PlaybackBarProps,
  type PlaybackState,
  playbackStates,
} from './PlaybackBar/PlaybackBar';
export { ProgressBar, type ProgressBarProps, type ProgressBarTone } from './ProgressBar/ProgressBar';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './RadioGroup/RadioGroup';
export { SearchField, type SearchFieldProps } from './SearchField/SearchField';
export { Select, type SelectOption, type SelectProps } from './Select/Select';
export { Skeleton, type SkeletonProps } from './Skeleton/Skeleton';
export { SkipLink, type SkipLinkProps } from './SkipLink/SkipLink';
export { Spinner, type SpinnerProps } from './Spinner/Spinner';
export { Stack, type StackAlign, type StackGap, type StackProps } from './Stack/Stack';
export { type DeviceStatus, deviceStatuses, StatusDot, type StatusDotProps } from './StatusDot/StatusDot';
export { StorageBar, type StorageBarProps } from './StorageBar/StorageBar';
export { Switch, type SwitchProps } from './Switch/Switch';
export { type GridColumns, gridColumnCounts, type Sprinkles, sprinkles } from './styles/sprinkles.css';
export {
  Tabs,
  type TabsContentProps,
  type TabsListProps,
  type TabsRootProps,
  type TabsTriggerProps,
} from './Tabs/Tabs';
export { Tag, type TagProps } from './Tag/Tag';
export { TermsDialog, type TermsDialogProps } from './TermsDialog/TermsDialog';
export { Text, type TextElement, type TextProps } from './Text/Text';
export { TextArea, type TextAreaProps } from './TextArea/TextArea';
export { TextField, type TextFieldProps } from './TextField/TextField';
export { Tiles, type TilesColumns, type TilesProps } from './Tiles/Tiles';
export {
  TOAST_DURATION_MS,
  type ToastAction,
  Toaster,
  type ToasterProps,
  type ToastMessage,
  type ToastTone,
} from './Toaster/Toaster';
export { Tooltip, type TooltipProps, type TooltipSide, tooltipSides } from './Tooltip/Tooltip';
export { darkThemeClass, lightThemeClass, vars } from './theme/theme.css';
export { type Breakpoint, breakpointNames, breakpoints, type Space } from './theme/tokens';
export { UserMenu, type UserMenuProps } from './UserMenu/UserMenu';
