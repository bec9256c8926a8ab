import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { theme } from '../../../styles/theme.ts';

/**
 * The pieces the personal area's report pages (income and goal, tax-year summary) lay out alike: the
 * link back to My WeeklyDiv, the row of controls under the title, the box of its one select (week /
 * month / year, or the tax year) and the column of cards.
 */
export const ReportBack = styled(Link)`
  display: inline-block;
  margin-bottom: ${theme.space.md};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${theme.colors.textPrimary};
    text-decoration: underline;
  }
`;

export const ReportControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${theme.space.md};
  margin-top: ${theme.space.lg};
`;

export const ReportSelectBox = styled.div`
  width: 100%;
  max-width: 200px;
`;

export const ReportStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  margin-top: ${theme.space.md};
`;
