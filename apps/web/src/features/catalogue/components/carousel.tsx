import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { prefersReducedMotion } from '@/lib/motion';

interface CarouselProps {
  items: ReactNode[];
  className?: string;
  /** Milliseconds between slides; 0 turns autoplay off. */
  interval?: number;
  label: string;
  /** How the visitor sees where they are: dots (the default), or "2 / 5" in a corner. */
  indicator?: 'dots' | 'count';
  /** The class of the count's badge. */
  countClassName?: string;
  /** Slides with nothing to focus (pictures only): the track takes the focus itself, so the arrow keys scroll it. */
  keyboardScroll?: boolean;
}

/**
 * A light slide show (the home's banners, a goods' pictures): native horizontal scrolling with snap
 * points (swipe works without any gesture library), dots or a count, and autoplay that waits while
 * the visitor touches it. With reduced motion asked for, it never moves by itself: slides that move
 * on their own are hard to read, and keep a phone drawing frames. On the app's first screen the
 * slides after the first are filled once it has painted: their pictures do not compete with the
 * first one, the page's largest paint.
 */
export function Carousel({ items, className, interval = 4000, label, indicator = 'dots', countClassName, keyboardScroll }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const touching = useRef(false);
  const rest = useAfterFirstScreen();

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!interval || items.length < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      const el = track.current;
      // Not while touched, hidden, or once the visitor has asked for less motion.
      if (!el || touching.current || document.hidden || prefersReducedMotion()) return;
      const next = (Math.round(el.scrollLeft / Math.max(1, el.clientWidth)) + 1) % items.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [interval, items.length]);

  return (
    <div className={`carousel ${className ?? ''}`} role="region" aria-roledescription="carousel" aria-label={label}>
      <div
        className="carousel-track"
        ref={track}
        tabIndex={keyboardScroll ? 0 : undefined}
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
        onMouseEnter={() => (touching.current = true)}
        onMouseLeave={() => (touching.current = false)}
      >
        {items.map((item, i) => (
          // Slides out of view are inert: neither read out nor reachable by the keyboard.
          <div className="carousel-slide" key={i} inert={i !== current}>
            {i === 0 || rest ? item : null}
          </div>
        ))}
      </div>
      {items.length > 1 && indicator === 'count' && (
        <div className={countClassName} aria-hidden>
          {`${current + 1} / ${items.length}`}
        </div>
      )}
      {items.length > 1 && indicator === 'dots' && (
        <div className="carousel-dots" aria-hidden>
          {items.map((_, i) => (
            <span key={i} className={i === current ? 'carousel-dot carousel-dot-active' : 'carousel-dot'} />
          ))}
        </div>
      )}
    </div>
  );
}
