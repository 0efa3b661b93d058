import { Fragment } from 'react';
import styles from './transfer-details.module.css';

/**
 * An account number or IBAN as its digit groups ("PL61 1090 1014 …"), each group unbreakable, so
 * a narrow screen wraps the number only between groups, never inside one (a split group is easily
 * misread or mistyped). The spaces between stay ordinary spaces: copied by hand, the text is the
 * number as banks print it.
 */
export function DigitGroups({ value, testId }: { value: string; testId: string }) {
  return (
    <span data-testid={testId}>
      {value.split(' ').map((group, index) => (
        <Fragment key={index}>
          {index > 0 ? ' ' : null}
          <span className={styles.group} data-group="">
            {group}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
