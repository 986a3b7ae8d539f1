/* UNO Duo's hot path in C: `legal_actions` and the commonest moves of `apply`.
 *
 * The rules live in rules.py and legality.py; this module does exactly what they do for the
 * moves random and real play make most (list the legal moves; play a card that leaves at least
 * one in hand; draw one card; keep a drawn card) and hands everything else to the Python
 * functions it was configured with: a rare move, an illegal one (so Python raises the very
 * refusal), a state or action of another type, an rng that decides its draws itself (a
 * subclass of GameRng). Tests play many seeded games through both paths and compare every
 * state, event and legal list. Everything is checked before the state changes: a move is
 * either applied whole here or left whole to Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define FACES 56
#define WILD 52
#define WILD_DRAW_FOUR 53
#define WILD_SHUFFLE 54
#define WILD_CUSTOM 55
#define DRAW_TWO 10
#define REVERSE 11
#define SKIP 12

/* Bumped whenever what this file does changes; native.py refuses a build of another version. */
#define VERSION 1

static signed char colour_of[FACES], rank_of[FACES];

/* The phases, as state.py's own string objects (configure): compared by identity first. */
enum { P_DRAFT, P_START_COLOUR, P_TURN, P_DRAWN, P_VOLLEY, P_CHALLENGE, P_DUMP_DECIDE, P_DUMPING,
       P_GAME_OVER, P_COUNT };
static PyObject *phases[P_COUNT];

enum { S_PHASE, S_CURRENT, S_HANDS, S_DISCARD, S_DRAW_PILE, S_COLOUR, S_DRAWN, S_DUMP_COLOUR,
       S_UNO_EXPOSED, S_VOLLEY, S_PASSES, S_DECISIONS, S_TIMEOUTS, S_RNG, S_COUNT };
static const char *STATE_NAMES[S_COUNT] = {
    "phase", "current", "hands", "discard", "draw_pile", "colour", "drawn", "dump_colour",
    "uno_exposed", "volley", "passes", "decisions", "timeouts", "rng"};
static Py_ssize_t state_slots[S_COUNT];

enum { E_KIND, E_PUBLIC, E_SECRET, E_AUDIENCE, E_COUNT };
static const char *EVENT_NAMES[E_COUNT] = {"kind", "public", "secret", "audience"};
static Py_ssize_t event_slots[E_COUNT];

enum { A_FACE, A_COLOUR, A_UNO, A_COUNT };
static const char *PLAY_NAMES[A_COUNT] = {"face", "colour", "uno"};
static Py_ssize_t play_slots[A_COUNT];

enum { K_SEAT, K_CARD, K_COLOUR, K_LEFT, K_COUNT_, K_CARDS, K_TOTAL, K_PLAY, K_UNO, K_DRAW,
       K_VOLLEY, K_INTERSECTION, K_DUMP, K_KEYS };
static const char *KEY_NAMES[K_KEYS] = {"seat", "card", "colour", "left", "count", "cards", "total",
                                        "play", "uno", "draw", "volley", "intersection", "dump"};
static PyObject *keys[K_KEYS];

/* What native.configure hands over: the classes, the shared action values and tables. */
static PyTypeObject *state_type, *event_type, *play_type, *rng_type;
static PyObject *python_apply, *python_legal_actions;
static PyObject *plays, *plays_uno, *matching, *draw_twos, *of_colour, *codes, *colour_names, *only, *nobody;
static PyObject *a_draw, *a_keep, *a_pass, *a_say_uno, *a_catch, *a_challenge, *a_accept, *a_dump,
    *a_no_dump, *a_draft_keep, *a_draft_discard, *colour_choices;

static inline PyObject *
slot(PyObject *object, Py_ssize_t offset)
{
    return *(PyObject **)((char *)object + offset);
}

/* Replace a slot's value with a new reference (stolen); returns -1 if `value` is NULL. */
static inline int
set_slot(PyObject *object, Py_ssize_t offset, PyObject *value)
{
    if (value == NULL)
        return -1;
    PyObject **at = (PyObject **)((char *)object + offset);
    PyObject *before = *at;
    *at = value;
    Py_XDECREF(before);
    return 0;
}

static inline int
set_int(PyObject *object, Py_ssize_t offset, long value)
{
    return set_slot(object, offset, PyLong_FromLong(value));
}

static inline int
set_phase(PyObject *state, int phase)
{
    Py_INCREF(phases[phase]);
    return set_slot(state, state_slots[S_PHASE], phases[phase]);
}

/* An exact int in [low, high], into *out; 0 if it is not one (no exception). */
static inline int
small_int(PyObject *value, long low, long high, long *out)
{
    if (value == NULL || !PyLong_CheckExact(value))
        return 0;
    int overflow;
    long v = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow || v < low || v > high)
        return 0;
    *out = v;
    return 1;
}

static inline int
state_int(PyObject *state, int name, long low, long high, long *out)
{
    return small_int(slot(state, state_slots[name]), low, high, out);
}

static inline int
phase_of(PyObject *state)
{
    PyObject *phase = slot(state, state_slots[S_PHASE]);
    for (int i = 0; i < P_COUNT; i++)
        if (phase == phases[i])
            return i;
    if (PyUnicode_CheckExact(phase))
        for (int i = 0; i < P_COUNT; i++)
            if (PyUnicode_Compare(phase, phases[i]) == 0)
                return i;
    return -1;  /* not a phase: Python */
}

static inline int
face_matches(long colour, long top, long face)
{
    long top_rank = colour_of[top] >= 0 ? rank_of[top] : -1;
    return colour_of[face] < 0 || colour_of[face] == colour || rank_of[face] == top_rank;
}

/* An Event with the given parts (references stolen from `public`, `secret`), or NULL. */
static PyObject *
event(int kind, PyObject *public, PyObject *secret, PyObject *audience)
{
    if (public == NULL || (secret == NULL && audience != nobody)) {
        Py_XDECREF(public);
        Py_XDECREF(secret);
        return NULL;
    }
    PyObject *made = event_type->tp_alloc(event_type, 0);
    if (made == NULL) {
        Py_DECREF(public);
        Py_XDECREF(secret);
        return NULL;
    }
    Py_INCREF(keys[kind]);
    set_slot(made, event_slots[E_KIND], keys[kind]);
    set_slot(made, event_slots[E_PUBLIC], public);
    if (secret == NULL) {
        Py_INCREF(Py_None);
        secret = Py_None;
    }
    set_slot(made, event_slots[E_SECRET], secret);
    Py_INCREF(audience);
    set_slot(made, event_slots[E_AUDIENCE], audience);
    return made;
}

static int
append_event(PyObject *events, PyObject *made)
{
    if (made == NULL)
        return -1;
    int result = PyList_Append(events, made);
    Py_DECREF(made);
    return result;
}

static PyObject *
seat_dict(long seat)
{
    PyObject *public = PyDict_New();
    PyObject *value = PyLong_FromLong(seat);
    if (public == NULL || value == NULL || PyDict_SetItem(public, keys[K_SEAT], value) < 0) {
        Py_XDECREF(public);
        Py_XDECREF(value);
        return NULL;
    }
    Py_DECREF(value);
    return public;
}

static int
dict_set_long(PyObject *dict, int key, long value)
{
    PyObject *number = PyLong_FromLong(value);
    if (number == NULL)
        return -1;
    int result = PyDict_SetItem(dict, keys[key], number);
    Py_DECREF(number);
    return result;
}

/* The end of every seat's move in rules.apply: a decision taken, a run of timeouts ended. */
static int
finish_move(PyObject *state, long seat)
{
    long decisions;
    PyObject *timeouts = slot(state, state_slots[S_TIMEOUTS]);
    if (!state_int(state, S_DECISIONS, 0, LONG_MAX - 1, &decisions))
        return -2;
    if (set_int(state, state_slots[S_DECISIONS], decisions + 1) < 0)
        return -1;
    PyObject *count = PyList_GET_ITEM(timeouts, seat);
    int truth = PyObject_IsTrue(count);
    if (truth < 0)
        return -1;
    if (truth) {
        PyObject *zero = PyLong_FromLong(0);
        if (zero == NULL)
            return -1;
        PyObject *before = PyList_GET_ITEM(timeouts, seat);
        PyList_SET_ITEM(timeouts, seat, zero);
        Py_DECREF(before);
    }
    return 0;
}

/* Whether the state's slots hold what the fast path reads; otherwise Python handles it. */
static int
plain_state(PyObject *state, long seat, long *current)
{
    if (Py_TYPE(state) != state_type)
        return 0;
    for (int i = 0; i < S_COUNT; i++)
        if (slot(state, state_slots[i]) == NULL)
            return 0;
    PyObject *hands = slot(state, state_slots[S_HANDS]);
    PyObject *timeouts = slot(state, state_slots[S_TIMEOUTS]);
    if (!PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 2
        || !PyList_CheckExact(PyList_GET_ITEM(hands, 0)) || !PyList_CheckExact(PyList_GET_ITEM(hands, 1))
        || !PyList_CheckExact(slot(state, state_slots[S_DISCARD]))
        || !PyList_CheckExact(slot(state, state_slots[S_DRAW_PILE]))
        || !PyList_CheckExact(timeouts) || PyList_GET_SIZE(timeouts) != 2)
        return 0;
    long number;
    (void)seat;
    return state_int(state, S_CURRENT, 0, 1, current) && state_int(state, S_UNO_EXPOSED, -1, 1, &number)
        && state_int(state, S_PASSES, 0, LONG_MAX, &number)
        && state_int(state, S_DECISIONS, 0, LONG_MAX - 1, &number);
}

/* The top of the discard pile and the colour to match, checked. */
static int
pile_top(PyObject *state, long *colour, long *top)
{
    PyObject *discard = slot(state, state_slots[S_DISCARD]);
    Py_ssize_t size = PyList_GET_SIZE(discard);
    return size > 0 && small_int(PyList_GET_ITEM(discard, size - 1), 0, FACES - 1, top)
        && state_int(state, S_COLOUR, 0, 3, colour);
}

static inline int
uno_exposed_ends(PyObject *state, long seat)
{
    long exposed;
    if (!state_int(state, S_UNO_EXPOSED, -1, 1, &exposed))
        return -2;
    return exposed == 1 - seat ? set_int(state, state_slots[S_UNO_EXPOSED], -1) : 0;
}

/* --- legal_actions --------------------------------------------------------------------------- */

static int
extend_plays(PyObject *moves, PyObject *table, PyObject *faces)
{
    PyObject *iterator = PyObject_GetIter(faces);
    if (iterator == NULL)
        return -1;
    PyObject *face;
    while ((face = PyIter_Next(iterator)) != NULL) {
        long value;
        int ok = small_int(face, 0, FACES - 1, &value);
        Py_DECREF(face);
        if (!ok) {
            Py_DECREF(iterator);
            PyErr_SetString(PyExc_ValueError, "a hand holds something that is not a card");
            return -1;
        }
        PyObject *some = PyTuple_GET_ITEM(table, value);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(some); i++)
            if (PyList_Append(moves, PyTuple_GET_ITEM(some, i)) < 0) {
                Py_DECREF(iterator);
                return -1;
            }
    }
    Py_DECREF(iterator);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *
pair(PyObject *first, PyObject *second)
{
    PyObject *list = PyList_New(2);
    if (list == NULL)
        return NULL;
    Py_INCREF(first);
    Py_INCREF(second);
    PyList_SET_ITEM(list, 0, first);
    PyList_SET_ITEM(list, 1, second);
    return list;
}

PyDoc_STRVAR(legal_actions_doc,
"legal_actions(state, seat)\n--\n\nlegality.legal_actions, in C.");

static PyObject *
legal_actions(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || python_legal_actions == NULL)
        goto python;
    PyObject *state = args[0];
    long seat, current, colour, top, exposed;
    if (!small_int(args[1], 0, 1, &seat) || !plain_state(state, seat, &current)
        || !state_int(state, S_UNO_EXPOSED, -1, 1, &exposed))
        goto python;
    int phase = phase_of(state);
    if (phase < 0)
        goto python;
    if (phase == P_GAME_OVER)
        return PyList_New(0);
    PyObject *hands = slot(state, state_slots[S_HANDS]);
    PyObject *hand = PyList_GET_ITEM(hands, seat);
    PyObject *table = PyList_GET_SIZE(hand) == 2 ? plays_uno : plays;
    PyObject *moves, *extra = NULL, *faces = NULL, *allowed = NULL;
    long value;
    if (seat != current)
        moves = PyList_New(0);
    else if (phase == P_TURN || phase == P_VOLLEY || phase == P_DUMPING) {
        if (phase == P_TURN) {
            if (!pile_top(state, &colour, &top))
                goto python;
            allowed = PyTuple_GET_ITEM(PyTuple_GET_ITEM(matching, colour), top);
        }
        else if (phase == P_VOLLEY)
            allowed = draw_twos;
        else if (state_int(state, S_DUMP_COLOUR, 0, 3, &value))
            allowed = PyTuple_GET_ITEM(of_colour, value);
        else
            goto python;
        /* The faces in the order Python's frozenset.intersection gives them: the same call. */
        PyObject *call[2] = {allowed, hand};
        faces = PyObject_VectorcallMethod(keys[K_INTERSECTION], call, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        if (faces == NULL)
            return NULL;
        moves = PyList_New(0);
        if (moves == NULL || extend_plays(moves, table, faces) < 0) {
            Py_DECREF(faces);
            Py_XDECREF(moves);
            return NULL;
        }
        Py_DECREF(faces);
        if (phase == P_VOLLEY)
            extra = a_draw;
        else if (phase == P_TURN) {
            if (PyList_GET_SIZE(slot(state, state_slots[S_DRAW_PILE])) > 0
                || PyList_GET_SIZE(slot(state, state_slots[S_DISCARD])) > 1)
                extra = a_draw;
            else if (PyList_GET_SIZE(moves) == 0)
                extra = a_pass;  /* NOTES 13: nothing to draw and nothing to play */
        }
    }
    else if (phase == P_DRAWN) {
        if (!state_int(state, S_DRAWN, 0, FACES - 1, &value))
            goto python;
        moves = PySequence_List(PyTuple_GET_ITEM(table, value));
        extra = a_keep;
    }
    else if (phase == P_CHALLENGE)
        moves = pair(a_challenge, a_accept);
    else if (phase == P_DUMP_DECIDE)
        moves = pair(a_dump, a_no_dump);
    else if (phase == P_START_COLOUR)
        moves = PySequence_List(colour_choices);
    else  /* P_DRAFT */
        moves = pair(a_draft_keep, a_draft_discard);
    if (moves == NULL)
        return NULL;
    if (extra != NULL && PyList_Append(moves, extra) < 0)
        goto error;
    if (exposed == seat) {
        if (PyList_Append(moves, a_say_uno) < 0)
            goto error;
    }
    else if (exposed >= 0 && PyList_GET_SIZE(PyList_GET_ITEM(hands, exposed)) == 1) {
        if (PyList_Append(moves, a_catch) < 0)
            goto error;
    }
    return moves;
error:
    Py_DECREF(moves);
    return NULL;
python:
    if (python_legal_actions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "duoplay.games.uno_duo._native is not configured");
        return NULL;
    }
    return PyObject_Vectorcall(python_legal_actions, args, nargs, NULL);
}

/* --- apply ------------------------------------------------------------------------------------ */

static int
pass_turn_to(PyObject *state, long seat)
{
    return set_phase(state, P_TURN) < 0 || set_int(state, state_slots[S_CURRENT], seat) < 0 ? -1 : 0;
}

static int
volley_event(PyObject *events, long volley)
{
    PyObject *total = PyDict_New();
    if (total == NULL || dict_set_long(total, K_TOTAL, volley) < 0) {
        Py_XDECREF(total);
        return -1;
    }
    return append_event(events, event(K_VOLLEY, total, NULL, nobody));
}

/* rules._lay_down: the card at `at` in `seat`'s hand goes on the pile, setting colour `chosen`. */
static int
lay_down(PyObject *state, long seat, long face, long chosen, int uno, PyObject *hand, Py_ssize_t at,
         PyObject *events)
{
    PyObject *card = PyList_GET_ITEM(hand, at);
    Py_INCREF(card);
    if (PyList_SetSlice(hand, at, at + 1, NULL) < 0
        || PyList_Append(slot(state, state_slots[S_DISCARD]), card) < 0) {
        Py_DECREF(card);
        return -1;
    }
    Py_DECREF(card);
    Py_ssize_t left = PyList_GET_SIZE(hand);
    if (set_int(state, state_slots[S_COLOUR], chosen) < 0 || set_int(state, state_slots[S_DRAWN], -1) < 0)
        return -1;
    PyObject *public = seat_dict(seat);
    if (public == NULL
        || PyDict_SetItem(public, keys[K_CARD], PyTuple_GET_ITEM(codes, face)) < 0
        || PyDict_SetItem(public, keys[K_COLOUR], PyTuple_GET_ITEM(colour_names, chosen)) < 0
        || dict_set_long(public, K_LEFT, left) < 0) {
        Py_XDECREF(public);
        return -1;
    }
    if (append_event(events, event(K_PLAY, public, NULL, nobody)) < 0)
        return -1;
    if (left == 1) {
        if (uno)
            return append_event(events, event(K_UNO, seat_dict(seat), NULL, nobody));
        return set_int(state, state_slots[S_UNO_EXPOSED], seat);
    }
    return 0;
}

/* Whether `seat`'s hand (checked to hold only faces) holds a card of `colour`. */
static int
holds_colour(PyObject *hand, long colour)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
        long card = 0;
        small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card);
        if (colour_of[card] == colour)
            return 1;
    }
    return 0;
}

/* rules._play for a card that leaves at least one in hand and is neither a Wild Draw 4 nor a Wild
 * Shuffle Hands (phases TURN, DRAWN and VOLLEY). The caller has checked all of it. */
static int
play(PyObject *state, long seat, long face, long chosen, int uno, PyObject *hand, Py_ssize_t at,
     PyObject *events)
{
    long opponent = 1 - seat, volley = 0;
    if (lay_down(state, seat, face, chosen, uno, hand, at, events) < 0)
        return -1;
    int rank = rank_of[face];
    if (rank < DRAW_TWO || face == WILD || face == WILD_CUSTOM)
        return pass_turn_to(state, opponent);
    if (rank == DRAW_TWO) {
        state_int(state, S_VOLLEY, 0, LONG_MAX - 2, &volley);  /* checked by plain_state */
        volley += 2;
        if (set_int(state, state_slots[S_VOLLEY], volley) < 0 || set_phase(state, P_VOLLEY) < 0
            || set_int(state, state_slots[S_CURRENT], opponent) < 0)
            return -1;
        return volley_event(events, volley);
    }
    if (rank == SKIP)
        return pass_turn_to(state, seat);  /* Skip: the player goes again */
    if (holds_colour(hand, chosen))  /* Reverse: dump the rest of its colour, if the player holds any */
        return set_phase(state, P_DUMP_DECIDE) < 0 || set_int(state, state_slots[S_DUMP_COLOUR], chosen) < 0
            ? -1 : 0;
    return pass_turn_to(state, opponent);
}

/* rules._dump_card for a card that leaves at least one in hand. */
static int
dump_card(PyObject *state, long seat, long face, long chosen, int uno, PyObject *hand, Py_ssize_t at,
          PyObject *events)
{
    long dump_colour = 0;
    state_int(state, S_DUMP_COLOUR, 0, 3, &dump_colour);  /* checked by plain_play */
    if (lay_down(state, seat, face, chosen, uno, hand, at, events) < 0)
        return -1;
    if (holds_colour(hand, dump_colour))
        return 0;
    if (set_int(state, state_slots[S_DUMP_COLOUR], -1) < 0)
        return -1;
    int rank = rank_of[face];
    if (rank == DRAW_TWO) {
        if (set_int(state, state_slots[S_VOLLEY], 2) < 0 || set_phase(state, P_VOLLEY) < 0
            || set_int(state, state_slots[S_CURRENT], 1 - seat) < 0)
            return -1;
        return volley_event(events, 2);
    }
    return pass_turn_to(state, rank == SKIP ? seat : 1 - seat);
}

/* 1 if `action` is a Play this file applies (its face, colour, uno flag and place in the hand
 * read into the pointers), 0 if Python must: rules.play_is_legal, and no round ends. */
static int
plain_play(PyObject *state, int phase, long seat, PyObject *action, long *face, long *chosen, int *uno,
           Py_ssize_t *at)
{
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), seat);
    PyObject *uno_object = slot(action, play_slots[A_UNO]);
    if (!small_int(slot(action, play_slots[A_FACE]), 0, FACES - 1, face)
        || !small_int(slot(action, play_slots[A_COLOUR]), 0, 3, chosen)
        || (uno_object != Py_True && uno_object != Py_False))
        return 0;
    *uno = uno_object == Py_True;
    Py_ssize_t size = PyList_GET_SIZE(hand);
    if (colour_of[*face] >= 0 && colour_of[*face] != *chosen)
        return 0;
    if (*face == WILD_DRAW_FOUR || *face == WILD_SHUFFLE || size < 2)
        return 0;  /* the rare cards, and a last card ending the round */
    *uno = *uno && size == 2;  /* NOTES 9: saying UNO early does nothing */
    *at = -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        long card;
        if (!small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card))
            return 0;
        if (card == *face && *at < 0)
            *at = i;
    }
    if (*at < 0)
        return 0;
    long value, top;
    switch (phase) {
    case P_TURN:
        return pile_top(state, &value, &top) && face_matches(value, top, *face);
    case P_DRAWN:
        return state_int(state, S_DRAWN, 0, FACES - 1, &value) && value == *face;
    case P_VOLLEY:
        return rank_of[*face] == DRAW_TWO && colour_of[*face] >= 0;
    case P_DUMPING:
        return state_int(state, S_DUMP_COLOUR, 0, 3, &value) && colour_of[*face] == value;
    default:
        return 0;
    }
}

/* rules._draw of `count` cards with that many on the pile (the caller checked them): GameRng.take
 * pops the top, one at a time. */
static int
draw(PyObject *state, long seat, Py_ssize_t count, PyObject *events)
{
    PyObject *pile = slot(state, state_slots[S_DRAW_PILE]);
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), seat);
    Py_ssize_t size = PyList_GET_SIZE(pile);
    long exposed = -1;
    PyObject *public = seat_dict(seat), *secret = PyDict_New(), *shown = PyList_New(count);
    if (public == NULL || secret == NULL || shown == NULL || dict_set_long(public, K_COUNT_, count) < 0)
        goto error;
    for (Py_ssize_t i = 0; i < count; i++) {
        long card = 0;
        small_int(PyList_GET_ITEM(pile, size - 1 - i), 0, FACES - 1, &card);
        PyObject *code = PyTuple_GET_ITEM(codes, card);
        Py_INCREF(code);
        PyList_SET_ITEM(shown, i, code);
        if (PyList_Append(hand, PyList_GET_ITEM(pile, size - 1 - i)) < 0)
            goto error;
    }
    if (PyList_SetSlice(pile, size - count, size, NULL) < 0)
        goto error;
    state_int(state, S_UNO_EXPOSED, -1, 1, &exposed);
    if (exposed == seat && PyList_GET_SIZE(hand) != 1 && set_int(state, state_slots[S_UNO_EXPOSED], -1) < 0)
        goto error;
    int stored = PyDict_SetItem(secret, keys[K_CARDS], shown);
    Py_CLEAR(shown);
    if (stored < 0)
        goto error;
    return append_event(events, event(K_DRAW, public, secret, PyTuple_GET_ITEM(only, seat)));
error:
    Py_XDECREF(public);
    Py_XDECREF(secret);
    Py_XDECREF(shown);
    return -1;
}

/* Whether the pile holds `count` cards this file may draw: faces, taken by a plain GameRng. */
static int
can_take(PyObject *state, Py_ssize_t count)
{
    PyObject *pile = slot(state, state_slots[S_DRAW_PILE]);
    Py_ssize_t size = PyList_GET_SIZE(pile);
    long card;
    if (Py_TYPE(slot(state, state_slots[S_RNG])) != rng_type || count < 1 || size < count)
        return 0;
    for (Py_ssize_t i = size - count; i < size; i++)
        if (!small_int(PyList_GET_ITEM(pile, i), 0, FACES - 1, &card))
            return 0;
    return 1;
}

PyDoc_STRVAR(apply_doc,
"apply(state, seat, action)\n--\n\nrules.apply, in C for the commonest moves.");

static PyObject *
apply(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || python_apply == NULL)
        goto python;
    PyObject *state = args[0], *action = args[2];
    long seat, current, colour, top, face = 0, chosen = 0, value = 0;
    int uno = 0, result;
    Py_ssize_t at = 0;
    if (!small_int(args[1], 0, 1, &seat) || !plain_state(state, seat, &current) || seat != current)
        goto python;
    int phase = phase_of(state);
    PyObject *events;
    if (Py_TYPE(action) == play_type) {
        if (!plain_play(state, phase, seat, action, &face, &chosen, &uno, &at))
            goto python;
    }
    else if (action == a_draw && phase == P_TURN) {
        if (!can_take(state, 1) || !pile_top(state, &colour, &top))
            goto python;
    }
    else if (action == a_draw && phase == P_VOLLEY) {
        if (!state_int(state, S_VOLLEY, 1, PY_SSIZE_T_MAX, &value) || !can_take(state, value))
            goto python;
    }
    else if (action == a_dump && phase == P_DUMP_DECIDE) {
        if (!state_int(state, S_DUMP_COLOUR, 0, 3, &value))
            goto python;
    }
    else if (!((action == a_keep && phase == P_DRAWN) || (action == a_no_dump && phase == P_DUMP_DECIDE)))
        goto python;
    /* The move is legal and made here: from now on the state changes. */
    if ((events = PyList_New(0)) == NULL)
        return NULL;
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), seat);
    result = uno_exposed_ends(state, seat) < 0 || set_int(state, state_slots[S_PASSES], 0) < 0 ? -1 : 0;
    if (result < 0)
        ;
    else if (Py_TYPE(action) == play_type)
        result = (phase == P_DUMPING ? dump_card : play)(state, seat, face, chosen, uno, hand, at, events);
    else if (action == a_draw && phase == P_TURN) {
        result = draw(state, seat, 1, events);
        long card = 0;
        small_int(PyList_GET_ITEM(hand, PyList_GET_SIZE(hand) - 1), 0, FACES - 1, &card);
        if (result == 0 && face_matches(colour, top, card))
            result = set_phase(state, P_DRAWN) < 0 || set_int(state, state_slots[S_DRAWN], card) < 0 ? -1 : 0;
        else if (result == 0)
            result = pass_turn_to(state, 1 - seat);
    }
    else if (action == a_draw) {  /* the volley: drawing it ends the turn */
        result = set_int(state, state_slots[S_VOLLEY], 0) < 0 || draw(state, seat, value, events) < 0
            ? -1 : pass_turn_to(state, 1 - seat);
    }
    else if (action == a_dump) {
        PyObject *public = seat_dict(seat);
        if (public == NULL || PyDict_SetItem(public, keys[K_COLOUR], PyTuple_GET_ITEM(colour_names, value)) < 0) {
            Py_XDECREF(public);
            result = -1;
        }
        else
            result = set_phase(state, P_DUMPING) < 0
                || append_event(events, event(K_DUMP, public, NULL, nobody)) < 0 ? -1 : 0;
    }
    else  /* keep a drawn card, or do not dump */
        result = pass_turn_to(state, 1 - seat);
    if (result == 0)
        result = finish_move(state, seat);
    if (result < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the state holds a value the rules could not have made");
        Py_DECREF(events);
        return NULL;
    }
    return events;
python:
    if (python_apply == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "duoplay.games.uno_duo._native is not configured");
        return NULL;
    }
    return PyObject_Vectorcall(python_apply, args, nargs, NULL);
}

/* --- configure ------------------------------------------------------------------------------- */

static int
slot_offsets(PyTypeObject *type, const char **names, int count, Py_ssize_t *offsets)
{
    for (int i = 0; i < count; i++) {
        PyObject *name = PyUnicode_InternFromString(names[i]);
        if (name == NULL)
            return -1;
        PyObject *descr = PyDict_GetItemWithError(type->tp_dict, name);
        Py_DECREF(name);
        PyMemberDef *member = descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type)
            ? ((PyMemberDescrObject *)descr)->d_member : NULL;
        if (member == NULL || member->type != T_OBJECT_EX || (member->flags & READONLY)
            || member->offset < (Py_ssize_t)sizeof(PyObject)
            || member->offset > type->tp_basicsize - (Py_ssize_t)sizeof(PyObject *)) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%.50s.%s is not an object slot", type->tp_name, names[i]);
            return -1;
        }
        offsets[i] = member->offset;
    }
    return 0;
}

static PyObject *
take(PyObject *parts, const char *name, PyTypeObject *type)
{
    PyObject *value = PyDict_GetItemString(parts, name);
    if (value == NULL || (type != NULL && !PyObject_TypeCheck(value, type))) {
        PyErr_Format(PyExc_TypeError, "configure needs %s", name);
        return NULL;
    }
    Py_INCREF(value);
    return value;
}

PyDoc_STRVAR(configure_doc,
"configure(parts)\n--\n\nThe classes, shared actions, tables and Python fallbacks (see native.py).");

static PyObject *
configure(PyObject *module, PyObject *parts)
{
    if (!PyDict_Check(parts)) {
        PyErr_SetString(PyExc_TypeError, "configure takes a dict");
        return NULL;
    }
    PyObject *state = take(parts, "state", &PyType_Type), *event_ = take(parts, "event", &PyType_Type);
    PyObject *play_ = take(parts, "play", &PyType_Type), *rng = take(parts, "rng", &PyType_Type);
    if (state == NULL || event_ == NULL || play_ == NULL || rng == NULL
        || slot_offsets((PyTypeObject *)state, STATE_NAMES, S_COUNT, state_slots) < 0
        || slot_offsets((PyTypeObject *)event_, EVENT_NAMES, E_COUNT, event_slots) < 0
        || slot_offsets((PyTypeObject *)play_, PLAY_NAMES, A_COUNT, play_slots) < 0)
        goto error;
    if ((plays = take(parts, "plays", &PyTuple_Type)) == NULL
        || (plays_uno = take(parts, "plays_uno", &PyTuple_Type)) == NULL
        || (matching = take(parts, "matching", &PyTuple_Type)) == NULL
        || (codes = take(parts, "codes", &PyTuple_Type)) == NULL
        || (colour_names = take(parts, "colour_names", &PyTuple_Type)) == NULL
        || (only = take(parts, "only", &PyTuple_Type)) == NULL
        || (nobody = take(parts, "nobody", &PyFrozenSet_Type)) == NULL
        || (a_draw = take(parts, "draw", NULL)) == NULL || (a_keep = take(parts, "keep", NULL)) == NULL
        || (a_pass = take(parts, "pass", NULL)) == NULL || (a_say_uno = take(parts, "uno", NULL)) == NULL
        || (a_catch = take(parts, "catch", NULL)) == NULL
        || (a_challenge = take(parts, "challenge", NULL)) == NULL
        || (a_accept = take(parts, "accept", NULL)) == NULL
        || (a_dump = take(parts, "dump", NULL)) == NULL || (a_no_dump = take(parts, "no_dump", NULL)) == NULL
        || (a_draft_keep = take(parts, "draft_keep", NULL)) == NULL
        || (a_draft_discard = take(parts, "draft_discard", NULL)) == NULL
        || (colour_choices = take(parts, "colour_choices", &PyTuple_Type)) == NULL
        || (draw_twos = take(parts, "draw_twos", &PyFrozenSet_Type)) == NULL
        || (of_colour = take(parts, "of_colour", &PyTuple_Type)) == NULL
        || (python_apply = take(parts, "apply", NULL)) == NULL
        || (python_legal_actions = take(parts, "legal_actions", NULL)) == NULL)
        goto error;
    PyObject *phase_names = take(parts, "phases", &PyTuple_Type);
    if (phase_names == NULL)
        goto error;
    if (PyTuple_GET_SIZE(phase_names) != P_COUNT) {
        Py_DECREF(phase_names);
        PyErr_SetString(PyExc_ValueError, "configure: phases are the nine of state.py, in order");
        goto error;
    }
    for (int i = 0; i < P_COUNT; i++) {
        PyObject *name = PyTuple_GET_ITEM(phase_names, i);
        if (!PyUnicode_CheckExact(name)) {
            Py_DECREF(phase_names);
            PyErr_SetString(PyExc_TypeError, "configure: phases are strings");
            goto error;
        }
        Py_INCREF(name);
        Py_XSETREF(phases[i], name);
    }
    Py_DECREF(phase_names);
    if (PyTuple_GET_SIZE(of_colour) != 4 || PyTuple_GET_SIZE(colour_choices) != 4)
        goto sizes;
    for (Py_ssize_t i = 0; i < 4; i++)
        if (!PyFrozenSet_Check(PyTuple_GET_ITEM(of_colour, i))) {
            PyErr_SetString(PyExc_TypeError, "configure: of_colour holds four frozensets");
            goto error;
        }
    if (PyTuple_GET_SIZE(plays) != FACES || PyTuple_GET_SIZE(plays_uno) != FACES
        || PyTuple_GET_SIZE(codes) != FACES || PyTuple_GET_SIZE(colour_names) != 4
        || PyTuple_GET_SIZE(only) != 2 || PyTuple_GET_SIZE(matching) != 4) {
sizes:
        PyErr_SetString(PyExc_ValueError, "configure: a table of the wrong size");
        goto error;
    }
    for (Py_ssize_t i = 0; i < FACES; i++)
        if (!PyTuple_Check(PyTuple_GET_ITEM(plays, i)) || !PyTuple_Check(PyTuple_GET_ITEM(plays_uno, i))) {
            PyErr_SetString(PyExc_TypeError, "configure: plays are tuples of tuples");
            goto error;
        }
    for (Py_ssize_t i = 0; i < 4; i++) {
        PyObject *row = PyTuple_GET_ITEM(matching, i);
        int sets = PyTuple_Check(row) && PyTuple_GET_SIZE(row) == FACES;
        for (Py_ssize_t j = 0; sets && j < FACES; j++)
            sets = PyFrozenSet_Check(PyTuple_GET_ITEM(row, j));
        if (!sets) {
            PyErr_SetString(PyExc_TypeError, "configure: matching is 4 tuples of 56 sets");
            goto error;
        }
    }
    for (Py_ssize_t i = 0; i < 2; i++)
        if (!PyFrozenSet_Check(PyTuple_GET_ITEM(only, i))) {
            PyErr_SetString(PyExc_TypeError, "configure: only holds two frozensets");
            goto error;
        }
    state_type = (PyTypeObject *)state;
    event_type = (PyTypeObject *)event_;
    play_type = (PyTypeObject *)play_;
    rng_type = (PyTypeObject *)rng;
    Py_RETURN_NONE;
error:
    Py_XDECREF(state);
    Py_XDECREF(event_);
    Py_XDECREF(play_);
    Py_XDECREF(rng);
    python_apply = python_legal_actions = NULL;  /* unconfigured: every call refuses */
    return NULL;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_O, configure_doc},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_actions, METH_FASTCALL, legal_actions_doc},
    {"apply", (PyCFunction)(void (*)(void))apply, METH_FASTCALL, apply_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_native",
    "UNO Duo's hot path in C (see the source's opening comment).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__native(void)
{
    for (int face = 0; face < FACES; face++) {
        colour_of[face] = face >= WILD ? -1 : face / 13;
        rank_of[face] = face >= WILD ? face : face % 13;
    }
    for (int i = 0; i < K_KEYS; i++)
        if ((keys[i] = PyUnicode_InternFromString(KEY_NAMES[i])) == NULL)
            return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    if (PyModule_AddIntConstant(module, "VERSION", VERSION) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
