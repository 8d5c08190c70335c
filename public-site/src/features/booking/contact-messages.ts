// The contact form's texts: in its own chunk with the form, not in the first load's messages.
export const contactMessages = {
  title: 'Get in touch',
  intro: 'Looking for a date that is not open yet? Send me a short message and I will get back to you.',
  writeTo: 'Or write to',
  formLabel: 'Message',
  name: 'Your Name',
  email: 'Your Email',
  phone: 'Your Phone',
  message: 'Your Message',
  send: 'Send Message',
  sending: 'Sending…',
  sent: 'Thank you! Your message is on its way, and I will reply by e-mail.',
  another: 'Write another message',
  failed: 'Your message could not be sent. Please try again.',
  rateLimited: 'Too many messages from here for now. Please try again in a minute.',
};
