export { BottomSheet, type BottomSheetProps } from './bottom-sheet';
