import type { MealPlanName } from '@/server/booking/portal';

/** The meals each plan includes, as the Demand API lists them next to the plan's name. */
const MEALS: Record<MealPlanName, ('breakfast' | 'lunch' | 'dinner')[]> = {
  no_plan: [],
  breakfast_included: ['breakfast'],
  half_board: ['breakfast', 'dinner'],
  full_board: ['breakfast', 'lunch', 'dinner'],
  all_inclusive: ['breakfast', 'lunch', 'dinner'],
};

/** The plan's digit in Booking.com-like product ids. */
export const MEAL_CODES: Record<MealPlanName, number> = { no_plan: 0, breakfast_included: 1, half_board: 2, full_board: 3, all_inclusive: 4 };

export function mealPlanOf(plan: MealPlanName) {
  return { plan, meals: MEALS[plan] };
}
