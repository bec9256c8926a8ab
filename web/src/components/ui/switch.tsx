import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { theme } from '../../styles/theme.ts';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch (`role="switch"`), labelled by its visible label. */
export function Switch({ checked, onChange, label, description, disabled, id }: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const labelId = `${switchId}-label`;
  const descriptionId = `${switchId}-description`;
  return (
    <Row>
      <Texts>
        <Label id={labelId} htmlFor={switchId}>
          {label}
        </Label>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
      </Texts>
      <Track
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        $checked={checked}
        onClick={() => onChange(!checked)}
      >
        <Thumb $checked={checked} />
      </Track>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
`;
const Texts = styled.div`
  display: flex;
  flex-direction: column;
`;
const Label = styled.label`
  font-weight: 600;
  font-size: ${theme.fontSizes.sm};
`;
const Description = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;
const Track = styled.button<{ $checked: boolean }>`
  position: relative;
  flex: none;
  width: 44px;
  height: 24px;
  border-radius: 999px;
  border: 0;
  padding: 0;
  cursor: pointer;
  background: ${({ $checked }) => ($checked ? theme.colors.accent : theme.colors.borderStrong)};
  transition: background-color 150ms ease;
`;
const Thumb = styled.span<{ $checked: boolean }>`
  position: absolute;
  top: 2px;
  left: ${({ $checked }) => ($checked ? '22px' : '2px')};
  width: 20px;
  height: 20px;
  border-radius: 50%;
  background: ${theme.colors.surface};
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2);
  transition: left 150ms ease;
`;
