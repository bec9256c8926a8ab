import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../components/ui/button.tsx';
import { theme } from '../../styles/theme.ts';
import { activateWaitingVersion, registerServiceWorker, useUpdateWaiting } from '../service-worker.ts';

export const updateTexts = {
  message: 'A new version is available',
  reload: 'Reload',
} as const;

/**
 * Registers the service worker once the app is on screen, and shows "A new version is available —
 * Reload" while a new version waits (app/service-worker.ts). The banner stays until the user reloads:
 * the open screen keeps working on its own build meanwhile.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const [reloading, setReloading] = useState(false);
  useEffect(() => void registerServiceWorker(), []);
  if (!waiting) return null;
  return (
    <Banner role="status" data-testid="update-prompt">
      <span>{updateTexts.message} —</span>
      <Button
        $size="sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          activateWaitingVersion();
        }}
      >
        {updateTexts.reload}
      </Button>
    </Banner>
  );
}

const Banner = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${theme.space.md};
  transform: translateX(-50%);
  z-index: ${theme.zIndices.toast};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm} ${theme.space.md};
  width: max-content;
  max-width: calc(100vw - 2 * ${theme.space.md});
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.heroBackground};
  color: ${theme.colors.heroText};
  box-shadow: ${theme.shadows.popover};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;
