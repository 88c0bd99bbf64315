import { useLayoutEffect, useRef } from 'react';
import { Stepper, type StepperProps, type StepperRef } from 'antd-mobile';

/**
 * antd-mobile's Stepper with its number field (the `spinbutton` a screen reader stops at) named
 * `label`: the library puts an `aria-label` on its wrapper only, and the field was read as just "1".
 */
export function QuantityStepper({ label, className, ...props }: StepperProps & { label: string }) {
  const stepper = useRef<StepperRef>(null);
  useLayoutEffect(() => {
    stepper.current?.nativeElement?.setAttribute('aria-label', label);
  }, [label]);
  // Its − and + reach 44 px outwards (app/styles.css).
  return <Stepper ref={stepper} className={className ? `quantity-stepper ${className}` : 'quantity-stepper'} {...props} />;
}
