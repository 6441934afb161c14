"""A cadeia de hashes dos atos: cada ato sela o anterior do mesmo processo.

`hash = SHA-256(JSON canônico dos campos do ato + hash_anterior)`; o primeiro ato de um
processo tem `hash_anterior` = 64 zeros. Alterar, apagar ou reordenar um ato gravado
quebra a cadeia a partir dele, e `verificar_cadeias` aponta o primeiro elo quebrado.

JSON canônico: chaves em ordem, sem espaços, UTF-8, sem NaN; instantes em UTC ISO 8601
com microssegundos; datas ISO. O `payload` só aceita tipos JSON (dinheiro como texto).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import weakref
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import Table, bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, SessionTransaction
from sqlalchemy.orm.util import identity_key

from farol.erros import Conflito, EntradaInvalida
from farol.relogio import agora
from farol.store.orm import Ato, Processo, na_sessao_como_lido

HASH_INICIAL = "0" * 64
HASH_CURTO = 16
"""Caracteres do hash da cabeça da cadeia impressos nos PDFs (64 bits: forjar uma cadeia com o
mesmo prefixo custa ~2^64 tentativas de SHA-256)."""


@dataclass(frozen=True)
class CamposDoAto:
    """O que o hash sela: tudo do ato menos `id` e o próprio `hash`."""

    processo_id: int
    seq: int
    tipo: str
    ator_id: int
    papel: str
    registrado_em: dt.datetime
    data_ato: dt.date
    payload: dict[str, Any]
    corrige_ato_id: int | None
    intempestivo: bool

    @classmethod
    def do_ato(cls, ato: Ato) -> CamposDoAto:
        return cls(
            processo_id=ato.processo_id,
            seq=ato.seq,
            tipo=ato.tipo,
            ator_id=ato.ator_id,
            papel=ato.papel,
            registrado_em=ato.registrado_em,
            data_ato=ato.data_ato,
            payload=ato.payload,
            corrige_ato_id=ato.corrige_ato_id,
            intempestivo=ato.intempestivo,
        )


def json_canonico(valor: Any) -> str:
    return json.dumps(
        valor, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def _instante(valor: dt.datetime) -> str:
    if valor.tzinfo is None:
        raise EntradaInvalida("registrado_em sem fuso horário", campo="registrado_em")
    return valor.astimezone(dt.UTC).isoformat(timespec="microseconds")


def hash_do_ato(campos: CamposDoAto, hash_anterior: str) -> str:
    # os campos sem cópia (`asdict` copiaria o payload inteiro, fundo, a cada ato): o JSON
    # canônico só os lê
    dados = {f.name: getattr(campos, f.name) for f in _CAMPOS}
    dados["registrado_em"] = _instante(campos.registrado_em)
    dados["data_ato"] = campos.data_ato.isoformat()
    dados["hash_anterior"] = hash_anterior
    return hashlib.sha256(json_canonico(dados).encode("utf-8")).hexdigest()


_CAMPOS = fields(CamposDoAto)


def _sem_float(valor: Any) -> None:
    # Um float não volta igual de todo banco (o JSONB devolve 1e+20 como inteiro): o hash
    # mudaria sozinho. Números fracionários e dinheiro vão como texto ("1234.50").
    if isinstance(valor, float):
        raise EntradaInvalida(
            f'payload do ato com número fracionário {valor!r}: use texto ("1234.50")',
            campo="payload",
        )
    if isinstance(valor, dict):
        for item in valor.values():
            _sem_float(item)
    elif isinstance(valor, list):
        for item in valor:
            _sem_float(item)


def normalizar_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """O payload como volta do banco: só objetos, listas, texto, inteiros, booleanos, null."""
    if not isinstance(payload, dict):
        raise EntradaInvalida("payload do ato deve ser um objeto JSON", campo="payload")
    try:
        normal: dict[str, Any] = json.loads(json_canonico(payload))
    except (TypeError, ValueError) as e:
        raise EntradaInvalida(
            f"payload do ato com valor que não é JSON: {e} (use texto para datas e dinheiro)",
            campo="payload",
        ) from e
    _sem_float(normal)
    return normal


_TRAVADOS = "farol.auditoria.travados"
"""Em `Session.info`: a transação (referência fraca) e os processos que ela já travou."""


def _transacao(sessao: Session) -> SessionTransaction | None:
    """A transação em curso, a mais interna (um savepoint desfeito solta as travas que tomou)."""
    return sessao.get_nested_transaction() or sessao.get_transaction()


def _travado(sessao: Session, processo_id: int) -> bool:
    """O processo já foi travado nesta transação (por `carregar_travado` ou `_travar_processo`)."""
    anotado = sessao.info.get(_TRAVADOS)
    if anotado is None:
        return False
    transacao = _transacao(sessao)  # None antes do primeiro comando: nada travado ainda
    return transacao is not None and anotado[0]() is transacao and processo_id in anotado[1]


def _anotar_trava(sessao: Session, processo_id: int) -> None:
    transacao = _transacao(sessao)
    anotado = sessao.info.get(_TRAVADOS)
    if transacao is None:
        return
    if anotado is None or anotado[0]() is not transacao:
        travados: set[int] = set()
        anotado = (weakref.ref(transacao), travados)
        sessao.info[_TRAVADOS] = anotado
    anotado[1].add(processo_id)


_PROCESSO: Table = Processo.__table__  # type: ignore[assignment]
_LER_TRAVANDO = select(_PROCESSO).where(_PROCESSO.c.id == bindparam("id")).with_for_update()
"""O processo lido e travado pelo Core (montado uma vez: a chave de cache se calcula uma vez)."""


def carregar_travado(sessao: Session, processo_id: int) -> Processo | None:
    """O processo (None se não existe), travado até o fim da transação: no PostgreSQL, um só
    `SELECT ... FOR UPDATE` lê e trava, e o que se lê do processo depois (os atos, a cabeça da
    cadeia) já é o do último ato gravado por outra transação. Um processo lido antes, sem
    trava, nesta sessão e alterado depois por outra transação não passa com o estado velho: a
    versão lida com a trava difere da guardada e o SQLAlchemy levanta `StaleDataError` (um
    `Conflito`, HTTP 409, em `unit_of_work`). Travado antes nesta transação, vem do mapa de
    identidade (sem comando, se alguém ainda o segura lá).

    O caso de cada POST (o processo ainda fora da sessão) lê pelo Core, com a consulta montada
    uma vez, e põe o objeto na sessão como se lido do banco (como o ato em `registrar_ato`):
    o `Session.get` do ORM montava a consulta e calculava a chave de cache dela a cada ato e
    carregava a linha pela volta inteira do ORM. Já na sessão, pelo `Session.get`, que confere
    a versão."""
    if _travado(sessao, processo_id):
        return sessao.get(Processo, processo_id)
    chave = identity_key(Processo, processo_id)
    if chave in sessao.identity_map:
        processo = sessao.get(Processo, processo_id, with_for_update=True)
    else:
        linha = sessao.execute(_LER_TRAVANDO, {"id": processo_id}).one_or_none()
        if linha is None:
            return None
        processo = na_sessao_como_lido(sessao, Processo, linha._asdict())
    if processo is not None:
        _anotar_trava(sessao, processo_id)
    return processo


def _travar_processo(sessao: Session, processo: Processo) -> None:
    """No PostgreSQL, atos do mesmo processo são registrados um de cada vez (uma vez por
    transação: a trava vale até o fim dela)."""
    if processo.id is None:
        sessao.flush()
    if _travado(sessao, processo.id):
        return
    sessao.execute(select(Processo.id).where(Processo.id == processo.id).with_for_update())
    _anotar_trava(sessao, processo.id)


def _ultimo_ato(sessao: Session, processo_id: int) -> tuple[int, str]:
    linha = sessao.execute(
        select(Ato.seq, Ato.hash)
        .where(Ato.processo_id == processo_id)
        .order_by(Ato.seq.desc())
        .limit(1)
    ).first()
    return (0, HASH_INICIAL) if linha is None else (linha.seq, linha.hash)


@dataclass(frozen=True)
class Cabeca:
    """A cabeça da cadeia de um processo: o último ato (seq 0 e 64 zeros se não há atos)."""

    seq: int
    hash: str

    @property
    def curto(self) -> str:
        return self.hash[:HASH_CURTO]


def cabeca_da_cadeia(sessao: Session, processo: Processo) -> Cabeca:
    """A cabeça da cadeia do processo, com o processo travado até o fim da transação: nenhum
    outro ato entra entre esta leitura e o próximo `registrar_ato` da mesma transação."""
    _travar_processo(sessao, processo)
    return Cabeca(*_ultimo_ato(sessao, processo.id))


def _conferir_correcao(sessao: Session, processo_id: int, corrige_ato_id: int) -> None:
    dono = sessao.execute(select(Ato.processo_id).where(Ato.id == corrige_ato_id)).scalar()
    if dono != processo_id:
        raise EntradaInvalida(
            f"o ato {corrige_ato_id} a corrigir não pertence a este processo",
            campo="corrige_ato_id",
        )


_ATO: Table = Ato.__table__  # type: ignore[assignment]
_INSERIR_ATO = insert(_ATO).returning(_ATO.c.id)
PROCESSOS_COM_ATO_NOVO = "farol.auditoria.processos_com_ato_novo"
"""Em `Session.info`: os processos com ato gravado por `registrar_ato` nesta transação (o ato
entra pelo Core, fora do flush, onde o modelo de leitura o procuraria)."""


def registrar_ato(
    sessao: Session,
    processo: Processo,
    *,
    tipo: str,
    ator_id: int,
    papel: str,
    data_ato: dt.date,
    payload: dict[str, Any],
    corrige_ato_id: int | None = None,
    intempestivo: bool = False,
    registrado_em: dt.datetime | None = None,
    cabeca: Cabeca | None = None,
) -> Ato:
    """Acrescenta um ato ao processo, com `seq` seguinte e o hash encadeado ao anterior.

    `cabeca`: a cabeça da cadeia, se quem chama já a leu depois de travar o processo nesta
    transação (`carregar_travado`; o registro de um ato a lê com os prazos). Sem a trava, não
    vale e se lê aqui; lida antes de outro ato desta transação, o `seq` repetido esbarra na
    unicidade (processo, seq) e vira `Conflito`: a cadeia nunca se bifurca."""
    if isinstance(data_ato, dt.datetime):
        raise EntradaInvalida("data do ato deve ser uma data, sem hora", campo="data_ato")
    if cabeca is not None and (processo.id is None or not _travado(sessao, processo.id)):
        cabeca = None
    _travar_processo(sessao, processo)
    if corrige_ato_id is not None:
        _conferir_correcao(sessao, processo.id, corrige_ato_id)
    instante = registrado_em or agora()
    seq_anterior, hash_anterior = (
        (cabeca.seq, cabeca.hash) if cabeca is not None else _ultimo_ato(sessao, processo.id)
    )
    campos = CamposDoAto(
        processo_id=processo.id,
        seq=seq_anterior + 1,
        tipo=tipo,
        ator_id=ator_id,
        papel=papel,
        registrado_em=dt.datetime.fromisoformat(_instante(instante)),
        data_ato=data_ato,
        payload=normalizar_payload(payload),
        corrige_ato_id=corrige_ato_id,
        intempestivo=intempestivo,
    )
    # os campos sem cópia (`asdict` copiaria o payload, fundo, já normalizado numa cópia)
    valores = {f.name: getattr(campos, f.name) for f in _CAMPOS}
    valores["hash_anterior"] = hash_anterior
    valores["hash"] = hash_do_ato(campos, hash_anterior)
    try:
        sessao.flush()  # o que estiver pendente grava-se antes do ato, como no flush de antes
        # pelo Core (um INSERT ... RETURNING id, sem a volta do flush do ORM); o ato entra na
        # sessão já gravado, com todos os campos, como se lido do banco
        valores["id"] = sessao.execute(_INSERIR_ATO, valores).scalar_one()
    except IntegrityError as e:
        if "uq_ato_processo_id_seq" in str(e.orig) or "ato.processo_id, ato.seq" in str(e.orig):
            raise Conflito(
                "outro ato foi registrado neste processo ao mesmo tempo; recarregue e tente"
                " de novo",
                campo="seq",
            ) from e
        raise
    ato = na_sessao_como_lido(sessao, Ato, valores)
    # o modelo de leitura (`resumo_processo`) acha nos objetos novos de cada flush os processos
    # a regravar no COMMIT; este ato não passa por flush, e se anota aqui
    sessao.info.setdefault(PROCESSOS_COM_ATO_NOVO, set()).add(processo.id)
    return ato


@dataclass(frozen=True)
class Quebra:
    """O primeiro elo quebrado da cadeia de um processo."""

    processo_id: int
    processo_numero: str
    ato_seq: int
    ato_id: int
    motivo: str

    def texto(self) -> str:
        return f"processo {self.processo_numero}, ato {self.ato_seq}: {self.motivo}"


def _motivo(campos: CamposDoAto, esperado: int, anterior: str, gravados: Any) -> str | None:
    if campos.seq != esperado:
        return (
            f"seq {campos.seq} onde se esperava {esperado}: ato anterior ausente (apagado?)"
            " ou fora de ordem"
        )
    if gravados.hash_anterior != anterior:
        return (
            f"hash_anterior {gravados.hash_anterior[:12]}… não confere com o hash do ato"
            f" {esperado - 1} ({anterior[:12]}…)"
        )
    calculado = hash_do_ato(campos, gravados.hash_anterior)
    if calculado != gravados.hash:
        return (
            f"conteúdo do ato difere do que o hash selou (calculado {calculado[:12]}…,"
            f" gravado {gravados.hash[:12]}…)"
        )
    return None


def verificar_cadeias(sessao: Session, processo_id: int | None = None) -> list[Quebra]:
    """Recalcula a cadeia de cada processo (ou só a de `processo_id`); devolve o primeiro elo
    quebrado de cada uma.

    Lista vazia: nenhum ato foi alterado, apagado ou reordenado desde o registro (salvo
    o último de um processo, cujo hash só se confere contra uma cópia externa: a âncora,
    `farol.store.ancoras`, ou o rodapé dos documentos emitidos).
    """
    nomes = [f.name for f in CamposDoAto.__dataclass_fields__.values()]
    consulta = (
        select(
            *(getattr(Ato, n) for n in nomes), Ato.id, Ato.hash_anterior, Ato.hash, Processo.numero
        )
        .join(Processo, Processo.id == Ato.processo_id)
        .order_by(Ato.processo_id, Ato.seq)
    )
    if processo_id is not None:
        # os atos de um processo (a verificação de um documento, num pedido): de uma vez; a
        # leitura partilhada do pedido, no PostgreSQL sem transação, não abre cursor no servidor
        consulta = consulta.where(Ato.processo_id == processo_id)
    else:  # o banco inteiro (a auditoria), aos poucos
        consulta = consulta.execution_options(yield_per=1000)
    quebras: list[Quebra] = []
    atual, esperado, anterior, quebrado = -1, 1, HASH_INICIAL, False
    for linha in sessao.execute(consulta):
        if linha.processo_id != atual:
            atual, esperado, anterior, quebrado = linha.processo_id, 1, HASH_INICIAL, False
        if quebrado:
            continue
        campos = CamposDoAto(**{n: getattr(linha, n) for n in nomes})
        motivo = _motivo(campos, esperado, anterior, linha)
        if motivo is not None:
            quebras.append(Quebra(atual, linha.numero, linha.seq, linha.id, motivo))
            quebrado = True
            continue
        esperado, anterior = esperado + 1, linha.hash
    return quebras
