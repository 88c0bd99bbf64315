import { ExclamationCircleOutline } from 'antd-mobile-icons';

/** A light "something is off" message (title and a line), for states the first screen may need. */
export function StateMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="state-message">
      <ExclamationCircleOutline className="state-message-icon" aria-hidden />
      <div className="state-message-title">{title}</div>
      <div className="state-message-text">{text}</div>
    </div>
  );
}
