import { forwardRef, type ButtonHTMLAttributes } from 'react';
import './button.css';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'stop' | 'link' | 'quiet';
export type ButtonSize = 'normal' | 'small';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const variantClass: Record<ButtonVariant, string> = {
  default: 'button',
  primary: 'button button-primary',
  danger: 'button button-danger',
  stop: 'button button-stop',
  link: 'link-button',
  quiet: 'button button-quiet',
};

/** The design's one button: a variant says what it does (primary, danger, …), never a one-off style. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'normal', type = 'button', className, ...rest },
  ref,
) {
  const classes = [variantClass[variant], size === 'small' && variant !== 'link' ? 'button-small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button ref={ref} type={type} className={classes} {...rest} />;
});
