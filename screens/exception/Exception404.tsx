import { ExceptionPage } from './ExceptionPage';

export default function Exception404(): React.JSX.Element {
  return <ExceptionPage status="404" />;
}
