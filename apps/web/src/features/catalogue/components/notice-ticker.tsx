import { useEffect, useState } from 'react';
import { NoticeBar } from 'antd-mobile';
import { onMotionSettingChange, prefersReducedMotion } from '@/lib/motion';

/** A delay that never ends in practice (the largest a browser's timer takes): the bar's text rests at its start. */
const NEVER = 2 ** 31 - 1;

/**
 * The home's notice titles in one strip: too long for the strip, they scroll across once, two
 * seconds after the page appears, then rest at their start; with reduced motion asked for (before
 * or during the lap), they never move or stop at once. A marquee that never stops keeps a phone
 * drawing frames for as long as the home is open, and moving text that cannot be stopped is hard to read.
 */
export function NoticeTicker({ text }: { text: string }) {
  const [still, setStill] = useState(prefersReducedMotion);
  // Less motion asked for during the lap: the titles rest at their start at once.
  useEffect(() => onMotionSettingChange((less) => less && setStill(true)), []);
  return (
    // The lap's end is the one transition inside the bar.
    <div onTransitionEnd={() => setStill(true)}>
      <NoticeBar key={still ? 'still' : 'moving'} content={text} color="alert" delay={still ? NEVER : 2000} />
    </div>
  );
}
