/* UNO Duo's observation and action mask, written straight from the state into a buffer.
 *
 * The same numbers as the pure-Python path (incremental.Encoder, legality.legal_actions and
 * encoding.LegalMask); tests compare the two on many positions. Everything read from the
 * state is checked (types, ranges, lengths) and a state the rules could not have made raises
 * TypeError or ValueError instead of reading or writing out of bounds. No Python code runs
 * while a list is being read: items must be real ints, whose value is read without calling
 * back into Python, so a list cannot change under the loop.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>

/* The layout of encoding.BLOCKS; the Python side checks these against its own table. */
#define FACES 56
#define WILD 52
#define DRAW_TWO 10
#define HAND 0
#define TOP 56
#define COLOUR 112
#define PHASE 116
#define PENDING 125
#define DUMP 181
#define DISCARD 185
#define DRAFTED 241
#define SIZES 297
#define VOLLEY 301
#define SCORES 302
#define FLAGS 304
#define OBS_SIZE 309
#define ACTION_COUNT 151
#define MAX_CARDS 112

/* Action indices (encoding.ACTIONS). */
#define WILD_PLAYS 104
#define A_DRAW 136
#define A_KEEP 137
#define A_PASS 138
#define A_CHALLENGE 139
#define A_ACCEPT 140
#define A_DUMP 141
#define A_NO_DUMP 142
#define A_COLOURS 143
#define A_DRAFT_KEEP 147
#define A_DRAFT_DISCARD 148
#define A_UNO 149
#define A_CATCH 150

/* The phases, in the order of encoding.PHASES. */
enum { P_DRAFT, P_START_COLOUR, P_TURN, P_DRAWN, P_VOLLEY, P_CHALLENGE, P_DUMP_DECIDE, P_DUMPING,
       P_GAME_OVER, P_COUNT };
static const char *PHASE_NAMES[P_COUNT] = {"draft", "start-colour", "turn", "drawn", "volley",
                                           "challenge", "dump-decide", "dumping", "game-over"};
static PyObject *phase_names[P_COUNT];

enum { S_PHASE, S_CURRENT, S_HANDS, S_DISCARD, S_DRAW_PILE, S_COLOUR, S_DRAWN, S_DRAFT_CARD,
       S_DRAFT_DISCARDS, S_DUMP_COLOUR, S_UNO_EXPOSED, S_VOLLEY, S_SCORES, S_ROUND, S_PLAYER_ONE,
       S_OPTIONS, S_TARGET_SCORE, S_COUNT };
static const char *ATTR_NAMES[S_COUNT] = {
    "phase", "current", "hands", "discard", "draw_pile", "colour", "drawn", "draft_card",
    "draft_discards", "dump_colour", "uno_exposed", "volley", "scores", "round", "player_one",
    "options", "target_score"};
static PyObject *attr_names[S_COUNT];

/* The state class registered by `register_state`, and where each attribute's slot lies in its
 * instances: an instance of exactly that class is read from its slots, anything else through
 * getattr. */
static PyTypeObject *state_type;
static Py_ssize_t slot_offsets[S_COUNT];

/* object.<name> (a new reference), or NULL with an exception. */
static PyObject *
get(PyObject *object, int name)
{
    if (Py_TYPE(object) == state_type && slot_offsets[name] > 0) {
        PyObject *value = *(PyObject **)((char *)object + slot_offsets[name]);
        if (value == NULL) {
            PyErr_Format(PyExc_AttributeError, "the state has no %s", ATTR_NAMES[name]);
            return NULL;
        }
        Py_INCREF(value);
        return value;
    }
    return PyObject_GetAttr(object, attr_names[name]);
}

static int
phase_of(PyObject *state)
{
    PyObject *phase = get(state, S_PHASE);
    if (phase == NULL)
        return -1;
    for (int i = 0; i < P_COUNT; i++) {
        if (phase == phase_names[i]) {
            Py_DECREF(phase);
            return i;
        }
    }
    if (PyUnicode_Check(phase)) {
        for (int i = 0; i < P_COUNT; i++) {
            int equal = PyUnicode_Compare(phase, phase_names[i]);
            if (equal == 0) {
                Py_DECREF(phase);
                return i;
            }
            if (equal == -1 && PyErr_Occurred()) {
                Py_DECREF(phase);
                return -1;
            }
        }
    }
    PyErr_Format(PyExc_ValueError, "state.phase is not a UNO Duo phase: %R", phase);
    Py_DECREF(phase);
    return -1;
}

/* A whole number in [low, high] from an int object, into *out: 0, or -1 with an exception.
 * The value of an int is read without calling back into Python. */
static int
int_in(PyObject *value, long low, long high, const char *what, long *out)
{
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.50s", what, Py_TYPE(value)->tp_name);
        return -1;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow || v < low || v > high) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "%s must be in %ld..%ld, not %R", what, low, high, value);
        return -1;
    }
    *out = v;
    return 0;
}

static int
attr_int(PyObject *object, int name, long low, long high, long *out)
{
    PyObject *value = get(object, name);
    if (value == NULL)
        return -1;
    int result = int_in(value, low, high, ATTR_NAMES[name], out);
    Py_DECREF(value);
    return result;
}

/* A list attribute (a new reference), or NULL with TypeError. */
static PyObject *
attr_list(PyObject *object, int name)
{
    PyObject *value = get(object, name);
    if (value == NULL)
        return NULL;
    if (!PyList_Check(value)) {
        PyErr_Format(PyExc_TypeError, "state.%s must be a list, not %.50s", ATTR_NAMES[name],
                     Py_TYPE(value)->tp_name);
        Py_DECREF(value);
        return NULL;
    }
    return value;
}

/* The card at `index` of a list of cards: a face 0..55, or -1 with an exception. */
static int
card_at(PyObject *cards, Py_ssize_t index)
{
    long face;
    if (int_in(PyList_GET_ITEM(cards, index), 0, FACES - 1, "a card", &face) < 0)
        return -1;
    return (int)face;
}

/* The two hands of state.hands (a list of two lists), as new references in `both`. Each
 * list is held, since reading a later attribute (a property of a subclass) may run code that
 * changes state.hands. */
static int
take_hands(PyObject *state, PyObject *both[2])
{
    PyObject *hands = attr_list(state, S_HANDS);
    if (hands == NULL)
        return -1;
    if (PyList_GET_SIZE(hands) != 2) {
        PyErr_SetString(PyExc_ValueError, "state.hands must hold two hands");
        Py_DECREF(hands);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        if (!PyList_Check(PyList_GET_ITEM(hands, i))) {
            PyErr_SetString(PyExc_TypeError, "each hand must be a list");
            Py_DECREF(hands);
            return -1;
        }
    }
    for (int i = 0; i < 2; i++) {
        both[i] = PyList_GET_ITEM(hands, i);
        Py_INCREF(both[i]);
    }
    Py_DECREF(hands);
    return 0;
}

/* A writable buffer with room for `count` items of `size` bytes from item `at`. */
static int
writable(PyObject *object, Py_buffer *view, Py_ssize_t at, Py_ssize_t count, Py_ssize_t size)
{
    if (PyObject_GetBuffer(object, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (at < 0 || at > PY_SSIZE_T_MAX / size - count || (at + count) * size > view->len) {
        PyErr_Format(PyExc_ValueError, "the buffer has no room for %zd items of %zd bytes at item %zd",
                     count, size, at);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static inline int
colour_of(int face)
{
    return face >= WILD ? -1 : face / 13;
}

static inline int
rank_of(int face)
{
    return face >= WILD ? face : face % 13;
}

/* The mask entries of every play of `face`: each colour a wild may name, with and without UNO. */
static inline void
mark_plays(unsigned char *mask, int face, int uno)
{
    if (face < WILD) {
        mask[2 * face] = 1;
        if (uno)
            mask[2 * face + 1] = 1;
        return;
    }
    int base = WILD_PLAYS + (face - WILD) * 8;
    for (int colour = 0; colour < 4; colour++) {
        mask[base + 2 * colour] = 1;
        if (uno)
            mask[base + 2 * colour + 1] = 1;
    }
}

/* legality.legal_actions(state, seat) as a mask over the ACTION_COUNT bytes of `mask`. */
static int
write_mask(PyObject *state, long seat, unsigned char *mask)
{
    int result = -1;
    long current, value, exposed;
    PyObject *hands[2] = {NULL, NULL}, *discard = NULL, *pile = NULL;
    memset(mask, 0, ACTION_COUNT);
    int phase = phase_of(state);
    if (phase < 0)
        return -1;
    if (phase == P_GAME_OVER)
        return 0;
    if (attr_int(state, S_CURRENT, 0, 1, &current) < 0 || attr_int(state, S_UNO_EXPOSED, -1, 1, &exposed) < 0)
        return -1;
    if (take_hands(state, hands) < 0)
        goto done;
    if (seat == current) {
        /* Sizes are read again at each turn of a loop: the code a getattr may run between
         * could have changed a list. */
        PyObject *hand = hands[seat];
        int uno = PyList_GET_SIZE(hand) == 2, playable = 0;
        switch (phase) {
        case P_TURN: {
            long colour;
            if (attr_int(state, S_COLOUR, 0, 3, &colour) < 0 || (discard = attr_list(state, S_DISCARD)) == NULL)
                goto done;
            Py_ssize_t discards = PyList_GET_SIZE(discard);
            if (discards == 0) {
                PyErr_SetString(PyExc_ValueError, "state.discard is empty during a turn");
                goto done;
            }
            int top = card_at(discard, discards - 1);
            if (top < 0)
                goto done;
            int top_rank = colour_of(top) >= 0 ? rank_of(top) : -1;
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
                int face = card_at(hand, i);
                if (face < 0)
                    goto done;
                if (face >= WILD || colour_of(face) == colour || rank_of(face) == top_rank) {
                    mark_plays(mask, face, uno);
                    playable = 1;
                }
            }
            if ((pile = attr_list(state, S_DRAW_PILE)) == NULL)
                goto done;
            if (PyList_GET_SIZE(pile) > 0 || discards > 1)
                mask[A_DRAW] = 1;
            else if (!playable)
                mask[A_PASS] = 1;  /* NOTES 13: nothing to draw and nothing to play */
            break;
        }
        case P_DRAWN:
            if (attr_int(state, S_DRAWN, 0, FACES - 1, &value) < 0)
                goto done;
            mark_plays(mask, (int)value, uno);
            mask[A_KEEP] = 1;
            break;
        case P_VOLLEY:
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
                int face = card_at(hand, i);
                if (face < 0)
                    goto done;
                if (face < WILD && rank_of(face) == DRAW_TWO)
                    mark_plays(mask, face, uno);
            }
            mask[A_DRAW] = 1;
            break;
        case P_CHALLENGE:
            mask[A_CHALLENGE] = mask[A_ACCEPT] = 1;
            break;
        case P_DUMP_DECIDE:
            mask[A_DUMP] = mask[A_NO_DUMP] = 1;
            break;
        case P_DUMPING:
            if (attr_int(state, S_DUMP_COLOUR, 0, 3, &value) < 0)
                goto done;
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
                int face = card_at(hand, i);
                if (face < 0)
                    goto done;
                if (colour_of(face) == value)
                    mark_plays(mask, face, uno);
            }
            break;
        case P_START_COLOUR:
            memset(mask + A_COLOURS, 1, 4);
            break;
        case P_DRAFT:
            mask[A_DRAFT_KEEP] = mask[A_DRAFT_DISCARD] = 1;
            break;
        }
    }
    if (exposed == seat)
        mask[A_UNO] = 1;
    else if (exposed >= 0 && seat == 1 - exposed && PyList_GET_SIZE(hands[exposed]) == 1)
        mask[A_CATCH] = 1;
    result = 0;
done:
    Py_XDECREF(hands[0]);
    Py_XDECREF(hands[1]);
    Py_XDECREF(discard);
    Py_XDECREF(pile);
    return result;
}

/* Add 1/4 at `at + face` for each card of `cards` (copies of a face / 4). */
static int
count_cards(float *obs, int at, PyObject *cards)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(cards); i++) {
        int face = card_at(cards, i);
        if (face < 0)
            return -1;
        obs[at + face] += 0.25f;
    }
    return 0;
}

static int
size_of(PyObject *cards, const char *what, float *out)
{
    Py_ssize_t size = PyList_GET_SIZE(cards);
    if (size > MAX_CARDS) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd cards; a deck has %d", what, size, MAX_CARDS);
        return -1;
    }
    *out = (float)((double)size / MAX_CARDS);
    return 0;
}

/* A score / the target, capped at 1 (scores are whole numbers of points). */
static int
score_share(PyObject *scores, long seat, long target, float *out)
{
    long score;
    if (int_in(PyList_GET_ITEM(scores, seat), 0, LONG_MAX, "a score", &score) < 0)
        return -1;
    *out = score < target ? (float)((double)score / (double)target) : 1.0f;
    return 0;
}

/* incremental.Encoder's observation of `seat`, written anew over the OBS_SIZE floats of `obs`. */
static int
write_observation(PyObject *state, long seat, float *obs)
{
    int result = -1;
    long current, value, exposed, player_one, turn, target, colour = -1;
    PyObject *hands[2] = {NULL, NULL}, *discard = NULL, *pile = NULL, *drafted = NULL, *scores = NULL,
             *options = NULL;
    float tail[12];
    memset(obs, 0, OBS_SIZE * sizeof(float));
    int phase = phase_of(state);
    if (phase < 0)
        return -1;
    if (attr_int(state, S_CURRENT, 0, 1, &current) < 0 || attr_int(state, S_UNO_EXPOSED, -1, 1, &exposed) < 0
        || attr_int(state, S_PLAYER_ONE, 0, 1, &player_one) < 0
        || attr_int(state, S_ROUND, 0, LONG_MAX, &turn) < 0)
        goto done;
    if (take_hands(state, hands) < 0 || (discard = attr_list(state, S_DISCARD)) == NULL || (pile = attr_list(state, S_DRAW_PILE)) == NULL
        || (scores = attr_list(state, S_SCORES)) == NULL)
        goto done;
    PyObject *hand = hands[seat], *other = hands[1 - seat];
    if (count_cards(obs, HAND, hand) < 0 || count_cards(obs, DISCARD, discard) < 0)
        goto done;
    Py_ssize_t discards = PyList_GET_SIZE(discard);
    if (discards > 0) {
        int top = card_at(discard, discards - 1);
        if (top < 0)
            goto done;
        obs[TOP + top] = 1.0f;
        if (phase != P_START_COLOUR) {
            if (attr_int(state, S_COLOUR, 0, 3, &colour) < 0)
                goto done;
            obs[COLOUR + colour] = 1.0f;
        }
    }
    obs[PHASE + phase] = 1.0f;
    if (phase == P_DRAFT) {
        if ((drafted = attr_list(state, S_DRAFT_DISCARDS)) == NULL || count_cards(obs, DRAFTED, drafted) < 0)
            goto done;
        if (seat == current) {
            if (attr_int(state, S_DRAFT_CARD, 0, FACES - 1, &value) < 0)
                goto done;
            obs[PENDING + value] = 1.0f;
        }
    } else if (phase == P_DRAWN) {
        if (seat == current) {
            if (attr_int(state, S_DRAWN, 0, FACES - 1, &value) < 0)
                goto done;
            obs[PENDING + value] = 1.0f;
        }
    } else if (phase == P_DUMP_DECIDE || phase == P_DUMPING) {
        if (attr_int(state, S_DUMP_COLOUR, 0, 3, &value) < 0)
            goto done;
        obs[DUMP + value] = 1.0f;
    }
    if (size_of(hand, "a hand", &tail[0]) < 0 || size_of(other, "a hand", &tail[1]) < 0
        || size_of(pile, "the draw pile", &tail[2]) < 0 || size_of(discard, "the discard pile", &tail[3]) < 0)
        goto done;
    if (attr_int(state, S_VOLLEY, 0, LONG_MAX, &value) < 0)
        goto done;
    tail[4] = value < 16 ? (float)((double)value / 16.0) : 1.0f;
    if ((options = get(state, S_OPTIONS)) == NULL
        || attr_int(options, S_TARGET_SCORE, 1, LONG_MAX, &target) < 0)
        goto done;
    if (PyList_GET_SIZE(scores) != 2) {
        PyErr_SetString(PyExc_ValueError, "state.scores must hold two scores");
        goto done;
    }
    if (score_share(scores, seat, target, &tail[5]) < 0 || score_share(scores, 1 - seat, target, &tail[6]) < 0)
        goto done;
    tail[7] = seat == current && phase != P_GAME_OVER ? 1.0f : 0.0f;
    tail[8] = player_one == seat ? 1.0f : 0.0f;
    tail[9] = exposed == seat ? 1.0f : 0.0f;
    tail[10] = exposed == 1 - seat ? 1.0f : 0.0f;
    tail[11] = turn < 50 ? (float)((double)turn / 50.0) : 1.0f;
    memcpy(obs + SIZES, tail, sizeof tail);
    result = 0;
done:
    Py_XDECREF(hands[0]);
    Py_XDECREF(hands[1]);
    Py_XDECREF(discard);
    Py_XDECREF(pile);
    Py_XDECREF(drafted);
    Py_XDECREF(scores);
    Py_XDECREF(options);
    return result;
}

static int
parse_seat(PyObject *object, long *seat)
{
    return int_in(object, 0, 1, "seat", seat);
}

PyDoc_STRVAR(mask_doc,
"mask(state, seat, buffer, at=0)\n--\n\n"
"Write the action mask of `seat` (1 for each legal index, else 0) over the ACTION_COUNT bytes\n"
"of the writable `buffer` from byte `at`.");

static PyObject *
mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    long seat;
    Py_ssize_t at = 0;
    Py_buffer view;
    if (nargs < 3 || nargs > 4) {
        PyErr_SetString(PyExc_TypeError, "mask(state, seat, buffer, at=0)");
        return NULL;
    }
    if (parse_seat(args[1], &seat) < 0)
        return NULL;
    if (nargs == 4 && (at = PyNumber_AsSsize_t(args[3], PyExc_OverflowError)) == -1 && PyErr_Occurred())
        return NULL;
    if (writable(args[2], &view, at, ACTION_COUNT, 1) < 0)
        return NULL;
    unsigned char written[ACTION_COUNT];  /* built aside: an error leaves the buffer as it was */
    int result = write_mask(args[0], seat, written);
    if (result == 0)
        memcpy((char *)view.buf + at, written, sizeof written);
    PyBuffer_Release(&view);
    if (result < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(observe_doc,
"observe(state, seat, buffer, at=0)\n--\n\n"
"Write the observation of `seat` (OBS_SIZE native float32 values) into the writable `buffer`,\n"
"from float `at` (byte 4 * at).");

static PyObject *
observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    long seat;
    Py_ssize_t at = 0;
    Py_buffer view;
    if (nargs < 3 || nargs > 4) {
        PyErr_SetString(PyExc_TypeError, "observe(state, seat, buffer, at=0)");
        return NULL;
    }
    if (parse_seat(args[1], &seat) < 0)
        return NULL;
    if (nargs == 4 && (at = PyNumber_AsSsize_t(args[3], PyExc_OverflowError)) == -1 && PyErr_Occurred())
        return NULL;
    if (writable(args[2], &view, at, OBS_SIZE, sizeof(float)) < 0)
        return NULL;
    float observation[OBS_SIZE];  /* built aside: the buffer may be unaligned, and stays as it was on an error */
    int result = write_observation(args[0], seat, observation);
    if (result == 0)
        memcpy((char *)view.buf + at * sizeof(float), observation, sizeof observation);
    PyBuffer_Release(&view);
    if (result < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(register_state_doc,
"register_state(cls)\n--\n\n"
"Read instances of exactly `cls` (a class with __slots__ holding the state's attributes)\n"
"from their slots instead of through getattr. Raises TypeError if a state attribute of `cls`\n"
"is not a plain object slot of that class.");

static PyObject *
register_state(PyObject *module, PyObject *cls)
{
    Py_ssize_t offsets[S_COUNT] = {0};
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "register_state takes a class");
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)cls;
    for (int i = 0; i < S_COUNT; i++) {
        if (i == S_TARGET_SCORE)
            continue;  /* an attribute of the options, read through getattr */
        PyObject *descr = PyDict_GetItemWithError(type->tp_dict, attr_names[i]);
        if (descr == NULL) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%.50s has no slot %s", type->tp_name, ATTR_NAMES[i]);
            return NULL;
        }
        PyMemberDef *member = Py_IS_TYPE(descr, &PyMemberDescr_Type)
            ? ((PyMemberDescrObject *)descr)->d_member : NULL;
        if (member == NULL || member->type != T_OBJECT_EX || (member->flags & READONLY)
            || member->offset < (Py_ssize_t)sizeof(PyObject)
            || member->offset > type->tp_basicsize - (Py_ssize_t)sizeof(PyObject *)) {
            PyErr_Format(PyExc_TypeError, "%.50s.%s is not an object slot", type->tp_name, ATTR_NAMES[i]);
            return NULL;
        }
        offsets[i] = member->offset;
    }
    PyTypeObject *before = state_type;
    state_type = NULL;  /* no instance is read with the new offsets under the old class */
    memcpy(slot_offsets, offsets, sizeof offsets);
    Py_INCREF(cls);
    state_type = type;
    Py_XDECREF(before);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"register_state", register_state, METH_O, register_state_doc},
    {"mask", (PyCFunction)(void (*)(void))mask, METH_FASTCALL, mask_doc},
    {"observe", (PyCFunction)(void (*)(void))observe, METH_FASTCALL, observe_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_compiled",
    "UNO Duo's observation and action mask in C (see the source's opening comment).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__compiled(void)
{
    for (int i = 0; i < P_COUNT; i++)
        if ((phase_names[i] = PyUnicode_InternFromString(PHASE_NAMES[i])) == NULL)
            return NULL;
    for (int i = 0; i < S_COUNT; i++)
        if ((attr_names[i] = PyUnicode_InternFromString(ATTR_NAMES[i])) == NULL)
            return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    PyObject *phases = PyTuple_New(P_COUNT);
    if (phases == NULL)
        goto error;
    for (int i = 0; i < P_COUNT; i++) {
        Py_INCREF(phase_names[i]);
        PyTuple_SET_ITEM(phases, i, phase_names[i]);
    }
    if (PyModule_AddObject(module, "PHASES", phases) < 0) {
        Py_DECREF(phases);
        goto error;
    }
    if (PyModule_AddIntConstant(module, "OBS_SIZE", OBS_SIZE) < 0
        || PyModule_AddIntConstant(module, "ACTION_COUNT", ACTION_COUNT) < 0)
        goto error;
    /* The block offsets, for the Python side to compare with encoding.BLOCKS. */
    PyObject *offsets = Py_BuildValue(
        "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "hand", HAND, "top", TOP, "colour", COLOUR,
        "phase", PHASE, "pending", PENDING, "dump_colour", DUMP, "discard", DISCARD,
        "draft_discards", DRAFTED, "sizes", SIZES, "volley", VOLLEY, "scores", SCORES, "flags", FLAGS);
    if (offsets == NULL || PyModule_AddObject(module, "OFFSETS", offsets) < 0) {
        Py_XDECREF(offsets);
        goto error;
    }
    return module;
error:
    Py_DECREF(module);
    return NULL;
}
