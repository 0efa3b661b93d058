import type { EmailContext } from './render';

/** A contact-form message as support receives it (reply goes to the sender). */
export function contactMessageMail(context: EmailContext, message: { fullName: string; email: string; subject: string; message: string; language: string }) {
  const t = context.t;
  return {
    subject: t('contact.subject', { product: context.site.productName, subject: message.subject }),
    body: (
      <>
        <p>{t('contact.intro', { name: message.fullName, email: message.email, language: message.language })}</p>
        <p style={{ fontWeight: 'bold' }}>{message.subject}</p>
        <p style={{ whiteSpace: 'pre-wrap', borderLeft: '4px solid #cfd6df', paddingLeft: 12 }}>{message.message}</p>
      </>
    ),
  };
}
