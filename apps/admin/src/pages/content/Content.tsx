import { Navigate, useParams } from 'react-router';
import { ContentPage } from './ContentPage';
import { CONTENT } from './kinds';

/** One kind of the shop's content (`/content/news`, `/content/notices` …), in several languages side by side. */
export default function Content() {
  const { kind } = useParams();
  const config = kind && kind in CONTENT ? CONTENT[kind as keyof typeof CONTENT] : undefined;
  // A new kind shows a new list, not the last one's rows.
  return config ? <ContentPage key={config.name} config={config} /> : <Navigate to="/" replace />;
}
