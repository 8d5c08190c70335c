// The answer to a form posted without JavaScript (issue 27): the server renders the page again with it
// (server/src/routes/bookings.ts), so the page shows what happened to what she sent. In the browser there is none:
// with JavaScript on, the form sends by itself and keeps its own state.
import { createContext, useContext } from 'react';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';

export const PlainFormPostContext = createContext<PlainFormPost | undefined>(undefined);

export const usePlainFormPost = (): PlainFormPost | undefined => useContext(PlainFormPostContext);
