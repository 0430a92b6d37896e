import AG from 'country-flag-icons/react/3x2/AG';
import BB from 'country-flag-icons/react/3x2/BB';
import BS from 'country-flag-icons/react/3x2/BS';
import BZ from 'country-flag-icons/react/3x2/BZ';
import DM from 'country-flag-icons/react/3x2/DM';
import GD from 'country-flag-icons/react/3x2/GD';
import GY from 'country-flag-icons/react/3x2/GY';
import JM from 'country-flag-icons/react/3x2/JM';
import LC from 'country-flag-icons/react/3x2/LC';
import TT from 'country-flag-icons/react/3x2/TT';
import VC from 'country-flag-icons/react/3x2/VC';
import type { CountryCode } from '../../domain/countries';

// Flags as small SVGs, the eleven only: emoji flags show as two letters or an empty box on
// phones without an emoji font and never on Windows (issue 14).
const FLAGS: Record<CountryCode, typeof GY> = { GY, BB, TT, BZ, JM, LC, GD, DM, VC, AG, BS };

/** A country's flag, decorative: the country's name always stands beside it. */
export function Flag({ code, className = 'flag' }: { code: string; className?: string }) {
  const Svg = FLAGS[code as CountryCode];
  return Svg ? <Svg className={className} aria-hidden="true" data-country={code} /> : null;
}
