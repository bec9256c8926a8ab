import 'styled-components';
import type { AppTheme } from './theme.ts';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation: only an interface merges with styled-components' own DefaultTheme
  export interface DefaultTheme extends AppTheme {}
}
