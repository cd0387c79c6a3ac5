import { ExceptionPage } from './ExceptionPage';

export default function Exception500(): React.JSX.Element {
  return <ExceptionPage status="500" />;
}
