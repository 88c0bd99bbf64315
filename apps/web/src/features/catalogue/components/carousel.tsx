import { useEffect, useRef, useState, type ReactNode } from 'react';

interface CarouselProps {
  items: ReactNode[];
  className?: string;
  /** Milliseconds between slides; 0 turns autoplay off. */
  interval?: number;
  label: string;
}

/**
 * A light slide show for the home page: native horizontal scrolling with snap points (swipe works
 * without any gesture library), dots, and autoplay that waits while the visitor touches it.
 */
export function Carousel({ items, className, interval = 4000, label }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const touching = useRef(false);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!interval || items.length < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden) return;
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
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
        onMouseEnter={() => (touching.current = true)}
        onMouseLeave={() => (touching.current = false)}
      >
        {items.map((item, i) => (
          // Slides out of view are inert: neither read out nor reachable by the keyboard.
          <div className="carousel-slide" key={i} inert={i !== current}>
            {item}
          </div>
        ))}
      </div>
      {items.length > 1 && (
        <div className="carousel-dots" aria-hidden>
          {items.map((_, i) => (
            <span key={i} className={i === current ? 'carousel-dot carousel-dot-active' : 'carousel-dot'} />
          ))}
        </div>
      )}
    </div>
  );
}
