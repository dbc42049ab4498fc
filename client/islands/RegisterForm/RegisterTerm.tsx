import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { RegisterTermProps } from '../../common/islands/RegisterForm';
import { sentenceText, TermsSentenceText } from '../../lib/TermsSentence';
import { slide } from '../DepositItems/slide';

/**
 * The registration form's terms rule (engagement.md §4.3): the form is not sent while the box is
 * unticked; the notice slides down under it, and slides away once the box is ticked. The server
 * checks the box too (DEVIATIONS.md 35). The form is the island's marker, this its terms block: the
 * form's submit is listened to through the box's `form`.
 *
 * Added to the legacy behaviour: the box is named by its sentence, the notice is an alert tied to
 * the box while it applies (`aria-describedby`, `aria-invalid`), and focus goes to the box.
 */
export function RegisterTerm({ acceptanceName, termsUrl, privacyUrl, sentence, notice, accepted }: RegisterTermProps) {
  const [ticked, setTicked] = useState(accepted === true);
  const [refused, setRefused] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const tickedNow = useRef(ticked);
  tickedNow.current = ticked;
  const noticeId = useId();

  useLayoutEffect(() => {
    const form = box.current?.form;
    if (!form) return;
    const onSubmit = (event: Event) => {
      if (tickedNow.current) return;
      event.preventDefault();
      // The form's other listeners (and the browser) must not send it.
      event.stopImmediatePropagation();
      setRefused(true);
      box.current?.focus();
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  const wasRefused = useRef(false);
  useLayoutEffect(() => {
    // The notice's slide is measured and animated on the element (lib-free jQuery slideDown/Up).
    if (noticeRef.current && refused !== wasRefused.current)
      void slide(noticeRef.current, refused ? 'down' : 'up', 200);
    wasRefused.current = refused;
  }, [refused]);

  return (
    <>
      <input
        ref={box}
        type="checkbox"
        name={acceptanceName}
        checked={ticked}
        aria-label={sentenceText(sentence)}
        aria-required="true"
        aria-invalid={refused || undefined}
        aria-describedby={refused ? noticeId : undefined}
        onChange={(event) => {
          setTicked(event.target.checked);
          if (event.target.checked) setRefused(false);
        }}
      />
      <TermsSentenceText sentence={sentence} termsUrl={termsUrl} privacyUrl={privacyUrl} />
      <div ref={noticeRef} id={noticeId} className="tourmaster-notification-box tourmaster-failure" role="alert">
        {notice}
      </div>
    </>
  );
}
